import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { sellerTabs } from "./SellerTabs";

export default function SellerCompletedShipmentsPage() {
  return <SellerShipmentsList variant="completed" header={sellerTabs} />;
}
