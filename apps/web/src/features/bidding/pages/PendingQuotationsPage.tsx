import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function PendingQuotationsPage() {
  return <PagePlaceholder title="Pending Quotations" />;
}
