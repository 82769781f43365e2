import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerRecentOrdersPage() {
  return <PagePlaceholder title="Current Shipments" />;
}
