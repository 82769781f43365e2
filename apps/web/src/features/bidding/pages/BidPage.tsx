import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function BidPage() {
  return <PagePlaceholder title="Shipment" />;
}
