import { useEffect, useRef } from "react";
import { Typography } from "@mui/material";
import { useNow } from "./use-now";
import { useListsT } from "../../../i18n/lists";

/** Remaining time as hours, minutes and seconds ("71h 04m 09s"); zero or less is "Closed". */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return "Closed";
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}h ${String(minutes).padStart(2, "0")}m ${String(seconds).padStart(2, "0")}s`;
}

export interface BidCountdownProps {
  endsAt: string;
  /** Called once when the countdown reaches zero (the list is fetched again). */
  onExpire?: () => void;
}

export function BidCountdown({ endsAt, onExpire }: BidCountdownProps) {
  const now = useNow();
  const end = Date.parse(endsAt);
  const remaining = Number.isNaN(end) ? 0 : end - now;
  const isOpen = remaining > 0;
  const onExpireRef = useRef(onExpire);
  const wasOpen = useRef(false);
  const { t } = useListsT();

  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  useEffect(() => {
    // Only a window seen open on this page fires; rows that arrive already closed do not loop.
    if (isOpen) {
      wasOpen.current = true;
    } else if (wasOpen.current) {
      wasOpen.current = false;
      onExpireRef.current?.();
    }
  }, [isOpen]);

  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
      color={remaining > 0 && remaining < 3600_000 ? "error" : undefined}
      aria-label={
        remaining > 0
          ? t("countdown.endsIn", { time: formatRemaining(remaining) })
          : t("countdown.biddingClosed")
      }
    >
      {remaining > 0 ? formatRemaining(remaining) : t("countdown.closed")}
    </Typography>
  );
}
