import { SellerShipmentsList } from "../components/SellerShipmentsList";

export default function SellerRecentOrdersPage() {
  return <SellerShipmentsList variant="recent" />;
}
