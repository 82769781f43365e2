import { lazy, Suspense, useEffect, useState } from "react";
import IconButton from "@mui/material/IconButton";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useIsFetching } from "@tanstack/react-query";
import { useShellT } from "../../../i18n/shell";

const loadBell = () => import("./NotificationBell");
const NotificationBell = lazy(() => loadBell().then((m) => ({ default: m.NotificationBell })));

/** The longest the bell waits for the page's first data before it loads anyway. */
export const BELL_WAIT_MS = 2_000;

/**
 * The header's bell, whose code (the notification socket, its list and the popover's opener)
 * loads once the page's first data is in: on a slow phone the page's own code and reads come
 * first. Until then a bell of the same size holds its place; a tap on it (or Enter) loads the real
 * one at once and opens its popover. Only the tap: a bell swapped in as the pointer arrives would
 * leave the tap's press and release on two elements, which is no click. The socket's first opening refreshes what a change before it
 * could have left stale (use-notification-channel.ts).
 */
export function DeferredNotificationBell() {
  const { t } = useShellT();
  const [wanted, setWanted] = useState(false);
  const [tapped, setTapped] = useState(false);
  const fetching = useIsFetching();
  const [sawFetching, setSawFetching] = useState(false);
  if (fetching > 0 && !sawFetching) setSawFetching(true);
  const pageDataIn = sawFetching && fetching === 0;

  useEffect(() => {
    if (wanted) return;
    // Once the page's reads have landed, after the browser has painted them.
    const wait = pageDataIn ? 0 : BELL_WAIT_MS;
    const timer = setTimeout(() => setWanted(true), wait);
    return () => clearTimeout(timer);
  }, [wanted, pageDataIn]);

  const placeholder = (
    <IconButton
      color="inherit"
      aria-label={t("notifications.label")}
      onClick={() => {
        setTapped(true);
        setWanted(true);
      }}
    >
      <NotificationsOutlined />
    </IconButton>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell openAtOnce={tapped} />
    </Suspense>
  );
}
