import { Avatar, Paper, Stack, Typography } from "@mui/material";
import type { Announcement } from "@fba/contract";
import { initials } from "../../../lib/names";
import { useAnnouncementsT } from "../i18n";

export function SenderAvatar({
  sender,
  size = 40,
}: {
  sender: Announcement["sender"];
  size?: number;
}) {
  return (
    <Avatar sx={{ width: size, height: size, bgcolor: "primary.main", fontSize: size * 0.4 }}>
      {initials(sender)}
    </Avatar>
  );
}

/** Who sent an announcement: initials avatar, name and group. */
export function SenderCard({ sender }: { sender: Announcement["sender"] }) {
  const { t } = useAnnouncementsT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="sender-card">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <SenderAvatar sender={sender} size={48} />
        <div>
          <Typography sx={{ fontWeight: 700 }}>
            {sender.first_name} {sender.last_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`groups.${sender.groups}`, { defaultValue: sender.groups })}
          </Typography>
        </div>
      </Stack>
    </Paper>
  );
}
