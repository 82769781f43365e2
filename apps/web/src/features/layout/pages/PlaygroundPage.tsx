import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function PlaygroundPage() {
  return <PagePlaceholder title="Playground" />;
}
