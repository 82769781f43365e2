import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function AnnouncementsPage() {
  return <PagePlaceholder title="Announcements" />;
}
