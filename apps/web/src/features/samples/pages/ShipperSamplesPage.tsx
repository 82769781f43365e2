import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function ShipperSamplesPage() {
  return <PagePlaceholder title="Sample Shipments" />;
}
