import { Box, Card, CardContent, Link, Skeleton, Stack, Typography } from "@mui/material";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import { Link as RouterLink } from "react-router";
import { useCurrentUser } from "../../../lib/session";
import { useAnnouncements } from "../api/announcements";
import { useAnnouncementChannel } from "../api/use-announcement-channel";
import { useAnnouncementsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { announcementDetailPath, announcementListPath } from "../../../app/paths";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";

/** Dashboard card with the latest announcement and a View all announcements link. */
export function LatestAnnouncementCard() {
  const { t } = useAnnouncementsT();
  const format = useFormat();
  const user = useCurrentUser();
  const latest = useAnnouncements(1, 1);
  useAnnouncementChannel();
  const announcement = latest.data?.data[0];
  const { view } = useQueryView(latest);

  return (
    <Card variant="outlined" sx={{ height: "100%" }} data-testid="latest-announcement">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }}>
          <CampaignOutlined color="primary" />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {t("latest")}
          </Typography>
        </Stack>
        {view === "loading" ? (
          <>
            <Skeleton width="60%" />
            <Skeleton />
            <Skeleton width="80%" />
          </>
        ) : view !== "ready" ? (
          <QueryProblem problem={view} what={t("whatLatest")} query={latest} />
        ) : announcement ? (
          <Box>
            <Link
              component={RouterLink}
              to={announcementDetailPath(user?.groups, announcement.id)}
              underline="hover"
              sx={{ fontWeight: 700, display: "block" }}
              noWrap
            >
              {announcement.title?.trim() || t("noTitle")}
            </Link>
            <Typography variant="caption" color="text.secondary">
              {announcement.sender.first_name} {announcement.sender.last_name} ·{" "}
              {format.dateTime(announcement.timestamp)}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                mt: 1,
                display: "-webkit-box",
                WebkitLineClamp: 3,
                WebkitBoxOrient: "vertical",
                overflow: "hidden",
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
              }}
            >
              {announcement.message}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("empty")}
          </Typography>
        )}
        <Link
          component={RouterLink}
          to={announcementListPath(user?.groups)}
          sx={{ display: "inline-block", mt: 2, fontWeight: 600 }}
        >
          {t("viewAll")}
        </Link>
      </CardContent>
    </Card>
  );
}
