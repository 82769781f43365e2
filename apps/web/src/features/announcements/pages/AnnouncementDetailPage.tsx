import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { useAnnouncement } from "../api/announcements";
import { SenderCard } from "../components/SenderCard";
import { useAnnouncementsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { announcementListPath } from "../../../app/paths";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";

export default function AnnouncementDetailPage() {
  const { t } = useAnnouncementsT();
  const format = useFormat();
  const { id } = useParams();
  const user = useCurrentUser();
  const announcementId = Number(id);
  const announcement = useAnnouncement(announcementId);
  const { view } = useQueryView(announcement);

  let content;
  if (!Number.isInteger(announcementId) || announcementId <= 0) {
    content = <Alert severity="error">{t("notFound")}</Alert>;
  } else if (view === "loading") {
    content = (
      <Box sx={{ display: "grid", placeItems: "center", p: 6 }}>
        <CircularProgress aria-label={t("loadingOne")} />
      </Box>
    );
  } else if (announcement.error instanceof ApiError && announcement.error.status === 404) {
    content = <Alert severity="error">{t("notFound")}</Alert>;
  } else if (view !== "ready") {
    content = <QueryProblem problem={view} what={t("whatOne")} query={announcement} />;
  } else if (!announcement.data) {
    content = null;
  } else {
    const { title, timestamp, message, sender } = announcement.data;
    content = (
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ fontWeight: 700, overflowWrap: "anywhere" }}
          >
            {title?.trim() || t("noTitle")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            <time dateTime={timestamp}>{format.dateTime(timestamp)}</time>
          </Typography>
          <Typography sx={{ mt: 2, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message}
          </Typography>
        </Paper>
        <SenderCard sender={sender} />
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 840, mx: "auto" }}>
      <Button
        component={RouterLink}
        to={announcementListPath(user?.groups)}
        startIcon={<ArrowBack />}
        sx={{ mb: 2 }}
      >
        {t("back")}
      </Button>
      {content}
    </Box>
  );
}
