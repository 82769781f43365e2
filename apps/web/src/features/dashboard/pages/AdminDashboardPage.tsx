import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function AdminDashboardPage() {
  return <PagePlaceholder title="Admin dashboard" />;
}
