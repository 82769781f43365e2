import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerCancelledShipmentsPage() {
  return <PagePlaceholder title="Cancelled Shipments" />;
}
