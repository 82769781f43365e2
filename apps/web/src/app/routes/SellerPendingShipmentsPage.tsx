import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { sellerTabs } from "./SellerTabs";

export default function SellerPendingShipmentsPage() {
  return <SellerShipmentsList variant="pending" header={sellerTabs} />;
}
