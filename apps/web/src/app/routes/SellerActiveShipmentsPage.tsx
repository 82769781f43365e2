import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { sellerTabs } from "./SellerTabs";

export default function SellerActiveShipmentsPage() {
  return <SellerShipmentsList variant="active" header={sellerTabs} />;
}
