import { SellerShipmentsList } from "../components/SellerShipmentsList";

export default function SellerPendingShipmentsPage() {
  return <SellerShipmentsList variant="pending" />;
}
