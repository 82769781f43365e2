import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function AdminShipmentPage() {
  return <PagePlaceholder title="Shipment" />;
}
