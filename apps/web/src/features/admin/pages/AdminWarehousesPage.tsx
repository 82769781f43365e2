import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function AdminWarehousesPage() {
  return <PagePlaceholder title="Warehouses" />;
}
