import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerActiveShipmentsPage() {
  return <PagePlaceholder title="Active Shipments" />;
}
