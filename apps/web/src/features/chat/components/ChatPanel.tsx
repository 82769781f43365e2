import { lazy, Suspense } from "react";
import { Box, CircularProgress, Paper } from "@mui/material";
import type { ChatPanelProps } from "../types";
import { useChatT } from "../i18n";

// The chat (and the emoji picker behind it) is its own chunk, loaded only where a chat is shown.
const ChatView = lazy(() => import("./ChatView"));

function ChatFallback() {
  return (
    <Paper
      variant="outlined"
      sx={{ height: { xs: "calc(100dvh - 140px)", md: 600 }, minHeight: 380, display: "grid" }}
    >
      <Box sx={{ placeSelf: "center" }}>
        <LoadingChat />
      </Box>
    </Paper>
  );
}

/** The live chat of one order. */
export function ChatPanel(props: ChatPanelProps) {
  return (
    <Suspense fallback={<ChatFallback />}>
      <ChatView key={`${props.kind}-${props.id}`} {...props} />
    </Suspense>
  );
}

function LoadingChat() {
  const { t } = useChatT();
  return <CircularProgress aria-label={t("view.loadingChat")} />;
}
