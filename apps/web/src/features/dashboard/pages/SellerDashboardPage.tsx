import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function SellerDashboardPage() {
  return <PagePlaceholder title="Dashboard" />;
}
