import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerOrderChatPage() {
  return <PagePlaceholder title="Shipment" />;
}
