import { SellerShipmentsList } from "../components/SellerShipmentsList";

export default function SellerCancelledShipmentsPage() {
  return <SellerShipmentsList variant="cancelled" />;
}
