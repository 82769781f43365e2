import { ShipperOrdersList } from "../components/ShipperOrdersList";

export default function ShipperCurrentShipmentsPage() {
  return <ShipperOrdersList variant="current" />;
}
