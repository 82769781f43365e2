import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerCompletedShipmentsPage() {
  return <PagePlaceholder title="Completed Shipments" />;
}
