import { lazy, Suspense } from "react";
import { Box, CircularProgress, Popover } from "@mui/material";
import { useChatT } from "../i18n";

// The picker and its emoji data are a large chunk: fetched only when someone opens it.
const EmojiPicker = lazy(() => import("./EmojiPickerNative"));

export function EmojiPickerPopover({
  anchorEl,
  onClose,
  onPick,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onPick: (emoji: string) => void;
}) {
  const { t } = useChatT();
  return (
    <Popover
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
      transformOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <Suspense
        fallback={
          <Box sx={{ width: 300, height: 350, display: "grid", placeItems: "center" }}>
            <CircularProgress size={28} aria-label={t("reactions.loadingEmoji")} />
          </Box>
        }
      >
        <EmojiPicker
          onPick={(emoji) => {
            onPick(emoji);
            onClose();
          }}
        />
      </Suspense>
    </Popover>
  );
}
