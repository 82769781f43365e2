import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerShipmentPage() {
  return <PagePlaceholder title="Shipment Details" />;
}
