import {
  CHAT_PREVIEW_IMAGE_TYPES,
  dayFromNow,
  dayHeadingIn,
  parseTime,
  usTime,
} from "@fba/contract/constants";

export { formatFileSize } from "@fba/contract";

export function isPreviewableImage(fileType: string | null | undefined): boolean {
  if (!fileType) return false;
  const type = fileType.toLowerCase().replace(/^image\//, "");
  return (CHAT_PREVIEW_IMAGE_TYPES as readonly string[]).includes(type);
}

const NAME_KEEP = 15;

/** "quarterly-shipping-invoice.pdf" -> "quarterly-shipp….pdf" (at most 15 name characters). */
export function shortenFileName(name: string, fileType?: string | null): string {
  const extension = fileType ? fileType.replace(/\+xml$/, "") : "";
  const base = name.length > NAME_KEEP ? `${name.slice(0, NAME_KEEP).trimEnd()}\u2026` : name;
  return extension ? `${base}.${extension}` : base;
}

export type TextSegment =
  { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const LINK_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * Splits message text into plain text and links. Rendering these as React text and anchors (never
 * as HTML) is what keeps chat free of markup injection; only http(s) targets become links.
 */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    const trailing = TRAILING_PUNCTUATION.exec(raw);
    if (trailing) raw = raw.slice(0, raw.length - trailing[0].length);
    if (!raw) continue;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    const href = raw.toLowerCase().startsWith("www.") ? `https://${raw}` : raw;
    segments.push({ kind: "link", text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}

/** Day divider text: Today, Yesterday, or a date. */
export function dayLabel(timestamp: string, now: Date = new Date()): string {
  const day = parseTime(timestamp);
  if (!day) return timestamp;
  const when = dayFromNow(day, now);
  if (when === "today") return "Today";
  if (when === "yesterday") return "Yesterday";
  return dayHeadingIn("en", day, when === "this-year");
}

/** A message's time, "3:05 PM". */
export function timeLabel(timestamp: string): string {
  const time = parseTime(timestamp);
  return time ? usTime(time) : timestamp;
}
