import { SellerShipmentsList } from "../components/SellerShipmentsList";

export default function SellerCompletedShipmentsPage() {
  return <SellerShipmentsList variant="completed" />;
}
