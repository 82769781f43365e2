import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function ShipperHistoryPage() {
  return <PagePlaceholder title="Shipments History" />;
}
