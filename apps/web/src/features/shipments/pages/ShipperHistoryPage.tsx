import { ShipperOrdersList } from "../components/ShipperOrdersList";

export default function ShipperHistoryPage() {
  return <ShipperOrdersList variant="history" />;
}
