import { ShipperOrdersList } from "../components/ShipperOrdersList";

export default function ShipperCompletedShipmentsPage() {
  return <ShipperOrdersList variant="completed" />;
}
