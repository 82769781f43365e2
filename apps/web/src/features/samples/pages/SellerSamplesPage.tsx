import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerSamplesPage() {
  return <PagePlaceholder title="Sample Shipments" />;
}
