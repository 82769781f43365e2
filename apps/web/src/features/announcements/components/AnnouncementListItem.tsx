import { Box, Button, Card, CardActionArea, Stack, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { Link as RouterLink } from "react-router";
import type { Announcement } from "@fba/contract";
import { SenderAvatar } from "./SenderCard";
import { useAnnouncementsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";

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
  const { t } = useAnnouncementsT();
  const format = useFormat();
  const { sender } = announcement;
  const title = announcement.title?.trim() || t("noTitle");
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
                {title}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {format.dateTime(announcement.timestamp)}
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
            aria-label={t("removeLabel", { title })}
          >
            {t("remove")}
          </Button>
        </Box>
      )}
    </Card>
  );
}
