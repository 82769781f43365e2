import { Avatar, AvatarGroup, Box, Stack, Tooltip, Typography } from "@mui/material";
import type { ChatParty } from "@fba/contract";
import type { ConnectionStatus } from "../../../lib/realtime";
import { useChatT } from "../i18n";
import { mediaUrl } from "../../../lib/media-url";
import { fullName, initials } from "../../../lib/names";
import type { ChatPanelProps } from "../types";

/** Who is on the other end of the chat, and whether the connection is live. */
export function ChatHeader({
  side,
  seller,
  shipper,
  admin,
  status,
}: {
  side: ChatPanelProps["side"];
  seller: ChatParty | null;
  shipper: ChatParty | null;
  admin: ChatParty | null;
  status: ConnectionStatus;
}) {
  // Each side sees who is on the other end: agents see the seller, sellers see their agent.
  const { t } = useChatT();
  const others: Array<{ role: "Seller" | "Shipper" | "Admin"; party: ChatParty }> = [];
  if (side !== "seller" && seller) others.push({ role: "Seller", party: seller });
  if (side !== "shipper" && shipper) others.push({ role: "Shipper", party: shipper });
  if (admin) others.push({ role: "Admin", party: admin });
  const primary = others[0];
  const statusText = t(`connection.${status}`);
  const isDark = side === "shipper";

  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="chat-header"
      sx={{
        alignItems: "center",
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: isDark ? "#0f2a4a" : "background.paper",
        color: isDark ? "common.white" : "text.primary",
      }}
    >
      <AvatarGroup max={3} sx={{ "& .MuiAvatar-root": { width: 34, height: 34, fontSize: 14 } }}>
        {others.map(({ party, role }) => (
          <Avatar
            key={`${role}-${party.id}`}
            src={mediaUrl(party.image)}
            alt={fullName(party)}
            sx={
              role === "Admin"
                ? { bgcolor: "secondary.main", color: "secondary.contrastText" }
                : { bgcolor: "primary.light", color: "primary.contrastText" }
            }
          >
            {initials(party)}
          </Avatar>
        ))}
      </AvatarGroup>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" component="h2" noWrap sx={{ fontWeight: 700 }}>
          {primary ? t("header.chatWith", { name: fullName(primary.party) }) : t("header.chat")}
        </Typography>
        <Typography variant="caption" noWrap sx={{ display: "block", opacity: 0.8 }}>
          {others.length > 0
            ? others
                .map(({ role, party }) =>
                  t("header.party", { role: t(`roles.${role}`), name: fullName(party) }),
                )
                .join(" · ")
            : t("header.waiting")}
        </Typography>
      </Box>
      <Tooltip title={status === "open" ? t("connection.live") : statusText}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }} aria-live="polite">
          <Box
            sx={{
              width: 8,
              height: 8,
              borderRadius: "50%",
              bgcolor:
                status === "open"
                  ? "success.main"
                  : status === "closed"
                    ? "grey.500"
                    : "warning.main",
            }}
          />
          <Typography variant="caption" noWrap>
            {statusText}
          </Typography>
        </Stack>
      </Tooltip>
    </Stack>
  );
}
