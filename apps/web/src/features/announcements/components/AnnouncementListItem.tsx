import { Box, Button, Card, CardActionArea, Stack, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { formatDateTime } from "../../../lib/format";
import { Link as RouterLink } from "react-router";
import { NO_TITLE } from "../lib/announcement-text";
import type { Announcement } from "@fba/contract";
import { SenderAvatar } from "./SenderCard";

/** When an announcement was sent, in the app's one date and time format. */
export function formatAnnouncementTime(timestamp: string): string {
  return formatDateTime(timestamp);
}

export function AnnouncementListItem({
  announcement,
  to,
  onRemove,
}: {
  announcement: Announcement;
  to: string;
  /** Admins: asks to remove it (a button beside the link, not inside it). */
  onRemove?: (announcement: Announcement) => void;
}) {
  const { sender } = announcement;
  return (
    <Card
      variant="outlined"
      data-testid="announcement-item"
      sx={{ display: "flex", alignItems: "stretch" }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
          <SenderAvatar sender={sender} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack
              direction={{ xs: "column", md: "row" }}
              spacing={{ xs: 0, md: 1 }}
              sx={{ justifyContent: "space-between", alignItems: { md: "baseline" } }}
            >
              <Typography component="h2" sx={{ fontWeight: 700 }} noWrap>
                {announcement.title?.trim() || NO_TITLE}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {formatAnnouncementTime(announcement.timestamp)}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {sender.first_name} {sender.last_name}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                mt: 0.5,
                display: "-webkit-box",
                WebkitLineClamp: 2,
                WebkitBoxOrient: "vertical",
                overflow: "hidden",
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
              }}
            >
              {announcement.message}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
      {onRemove && (
        <Box sx={{ display: "flex", alignItems: "center", pr: 1 }}>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => onRemove(announcement)}
            aria-label={`Remove announcement ${announcement.title?.trim() || NO_TITLE}`}
          >
            Remove
          </Button>
        </Box>
      )}
    </Card>
  );
}
