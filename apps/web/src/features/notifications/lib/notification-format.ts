import { NOTIFICATION_PREVIEW_LENGTH, parseTime } from "@fba/contract/constants";
import { formatCalendarDay } from "../../../lib/format";

/** The list shows each notification cut at 100 characters. */
export function previewText(content: string, limit: number = NOTIFICATION_PREVIEW_LENGTH): string {
  const text = content.trim();
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}...` : text;
}

/** How long ago, as a phrase to put in words: a unit and a count, or the day once a week old. */
export type Ago =
  | { unit: "justNow" }
  | { unit: "minutes" | "hours" | "days"; count: number }
  | { unit: "day"; day: string };

export function timeAgo(timestamp: string, now: number = Date.now()): Ago | null {
  const then = parseTime(timestamp);
  if (!then) return null;
  const seconds = Math.max(0, Math.round((now - then.getTime()) / 1000));
  if (seconds < 60) return { unit: "justNow" };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", count: hours };
  const days = Math.floor(hours / 24);
  if (days < 7) return { unit: "days", count: days };
  return { unit: "day", day: timestamp };
}

/** "Just now", "15 min ago", "3 h ago", "2 d ago", then the day (English). */
export function relativeTime(timestamp: string, now: number = Date.now()): string {
  const ago = timeAgo(timestamp, now);
  if (!ago) return "";
  switch (ago.unit) {
    case "justNow":
      return "Just now";
    case "minutes":
      return `${ago.count} min ago`;
    case "hours":
      return `${ago.count} h ago`;
    case "days":
      return `${ago.count} d ago`;
    case "day":
      return formatCalendarDay(ago.day);
  }
}
