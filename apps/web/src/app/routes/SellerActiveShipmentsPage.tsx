import { SellerShipmentsList } from "../components/SellerShipmentsList";

export default function SellerActiveShipmentsPage() {
  return <SellerShipmentsList variant="active" />;
}
