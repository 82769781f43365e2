import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function ShipperCompletedShipmentsPage() {
  return <PagePlaceholder title="Completed Shipments" />;
}
