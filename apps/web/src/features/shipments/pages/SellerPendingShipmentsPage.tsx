import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerPendingShipmentsPage() {
  return <PagePlaceholder title="Pending Shipments" />;
}
