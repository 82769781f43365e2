import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function ShipperOrderPage() {
  return <PagePlaceholder title="Order Status" />;
}
