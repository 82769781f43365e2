import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function NotFoundPage() {
  return <PagePlaceholder title="Page not found" />;
}
