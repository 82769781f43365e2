import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function LandingPage() {
  return <PagePlaceholder title="Home" />;
}
