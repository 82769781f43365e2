import { PagePlaceholder } from "../../../components/PagePlaceholder";

export default function AnnouncementDetailPage() {
  return <PagePlaceholder title="Announcement" />;
}
