import { describe, expect, it } from "vitest";
import {
  dayLabel,
  formatFileSize,
  isPreviewableImage,
  shortenFileName,
  splitLinks,
} from "./format";
import { initials } from "../../../lib/names";

describe("formatFileSize", () => {
  it("shows bytes under 1 KB, KB up to 1024 KB and MB with one decimal above", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(12_595)).toBe("12.3 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1024.0 KB");
    expect(formatFileSize(1024 * 1024 + 1)).toBe("1.0 MB");
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe("5.3 MB");
  });
});

describe("shortenFileName", () => {
  it("keeps short names whole", () => {
    expect(shortenFileName("invoice", "pdf")).toBe("invoice.pdf");
  });
  it("cuts long names to 15 characters plus an ellipsis and the extension", () => {
    const short = shortenFileName("quarterly-shipping-invoice-final", "pdf");
    expect(short).toBe("quarterly-shipp\u2026.pdf");
    expect(short.length).toBeLessThanOrEqual(20);
  });
  it("writes svg+xml as svg", () => {
    expect(shortenFileName("logo", "svg+xml")).toBe("logo.svg");
  });
});

describe("isPreviewableImage", () => {
  it("previews only the listed image types", () => {
    for (const type of [
      "jpeg",
      "jpg",
      "gif",
      "png",
      "webp",
      "bmp",
      "svg+xml",
      "PNG",
      "image/png",
    ]) {
      expect(isPreviewableImage(type)).toBe(true);
    }
    for (const type of ["pdf", "tiff", "heic", "svg", "", null]) {
      expect(isPreviewableImage(type)).toBe(false);
    }
  });
});

describe("splitLinks", () => {
  it("finds http, https and www links and leaves trailing punctuation out", () => {
    expect(splitLinks("Track it at https://carrier.example/t?id=9. Thanks")).toEqual([
      { kind: "text", text: "Track it at " },
      {
        kind: "link",
        text: "https://carrier.example/t?id=9",
        href: "https://carrier.example/t?id=9",
      },
      { kind: "text", text: ". Thanks" },
    ]);
    expect(splitLinks("see www.example.com")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "www.example.com", href: "https://www.example.com" },
    ]);
  });
  it("never turns other schemes into links", () => {
    const segments = splitLinks("javascript:alert(1) data:text/html,<b>x</b>");
    expect(segments.every((segment) => segment.kind === "text")).toBe(true);
  });
});

describe("dayLabel and initials", () => {
  it("labels today and yesterday, then dates", () => {
    const now = new Date("2026-11-20T15:00:00");
    expect(dayLabel("2026-11-20T09:00:00", now)).toBe("Today");
    expect(dayLabel("2026-11-19T09:00:00", now)).toBe("Yesterday");
    expect(dayLabel("2026-10-02T09:00:00", now)).toBe("Friday, October 2");
    expect(dayLabel("2025-10-02T09:00:00", now)).toBe("October 2, 2025");
  });
  it("builds initials", () => {
    expect(initials({ first_name: "ada", last_name: "Lovelace" })).toBe("AL");
    expect(initials(null)).toBe("?");
  });
});
