import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { sellerTabs } from "./SellerTabs";

export default function SellerCancelledShipmentsPage() {
  return <SellerShipmentsList variant="cancelled" header={sellerTabs} />;
}
