import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function ShipperCurrentShipmentsPage() {
  return <PagePlaceholder title="Current Shipments" />;
}
