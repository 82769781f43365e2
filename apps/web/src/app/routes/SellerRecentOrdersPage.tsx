import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { sellerTabs } from "./SellerTabs";

export default function SellerRecentOrdersPage() {
  return <SellerShipmentsList variant="recent" header={sellerTabs} />;
}
