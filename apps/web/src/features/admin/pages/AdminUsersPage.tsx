import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function AdminUsersPage() {
  return <PagePlaceholder title="Users" />;
}
