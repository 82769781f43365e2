import dayjs from "dayjs";
import { NOTIFICATION_PREVIEW_LENGTH } from "@fba/contract/constants";
import { formatCalendarDay } from "../../../lib/format";

/** The list shows each notification cut at 100 characters. */
export function previewText(content: string, limit: number = NOTIFICATION_PREVIEW_LENGTH): string {
  const text = content.trim();
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}...` : text;
}

export function relativeTime(timestamp: string, now: number = Date.now()): string {
  const then = dayjs(timestamp);
  if (!then.isValid()) return "";
  const seconds = Math.max(0, Math.round((now - then.valueOf()) / 1000));
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return formatCalendarDay(timestamp);
}
