import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function NewShipmentPage() {
  return <PagePlaceholder title="New Shipment" />;
}
