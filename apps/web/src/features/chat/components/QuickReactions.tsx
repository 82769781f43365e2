import { IconButton, Popover, Stack, Tooltip } from "@mui/material";
import AddReactionOutlined from "@mui/icons-material/AddReactionOutlined";
import { useChatT } from "../i18n";

/** The reactions offered in one click, next to the message. */
export const QUICK_REACTIONS = ["👍", "✅", "👀", "🙏"] as const;

/**
 * A row of quick reactions opened beside the message it reacts to, with a button that opens the
 * full picker (anchored to the same message).
 */
export function QuickReactions({
  anchorEl,
  alignEnd,
  onClose,
  onPick,
  onMore,
}: {
  anchorEl: HTMLElement | null;
  /** The viewer's own message: the row lines up with its right edge. */
  alignEnd: boolean;
  onClose: () => void;
  onPick: (emoji: string) => void;
  onMore: () => void;
}) {
  const { t } = useChatT();
  const horizontal = alignEnd ? "right" : "left";
  return (
    <Popover
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: "top", horizontal }}
      transformOrigin={{ vertical: "bottom", horizontal }}
      slotProps={{ paper: { sx: { borderRadius: 6, mb: 0.5 } } }}
    >
      <Stack direction="row" role="group" aria-label={t("reactions.quick")} sx={{ p: 0.5 }}>
        {QUICK_REACTIONS.map((emoji) => (
          <IconButton
            key={emoji}
            aria-label={t("reactions.reactWith", { emoji })}
            onClick={() => {
              onPick(emoji);
              onClose();
            }}
            sx={{ fontSize: 20, width: 40, height: 40 }}
          >
            {emoji}
          </IconButton>
        ))}
        <Tooltip title={t("reactions.more")}>
          <IconButton
            aria-label={t("reactions.more")}
            onClick={() => {
              onClose();
              onMore();
            }}
            sx={{ width: 40, height: 40 }}
          >
            <AddReactionOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Popover>
  );
}
