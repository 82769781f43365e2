import { describe, expect, it } from "vitest";
import { detectFile, startsAsSvg } from "./attachment-files.js";

describe("startsAsSvg", () => {
  it.each([
    ["a bare root element", '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ["an XML declaration", '<?xml version="1.0" encoding="UTF-8"?>\n<svg>'],
    [
      "editor comments",
      '<?xml version="1.0"?>\n<!-- Generator: editor -->\n<!---->\n<svg\n width="1">',
    ],
    [
      "a doctype between comments",
      '<!-- a -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<!-- b --><SVG>',
    ],
    ["leading white space", "  \r\n\t<svg>"],
  ])("recognises %s", (_label, text) => {
    expect(startsAsSvg(text)).toBe(true);
  });

  it.each([
    ["plain text", "notes about <svg>"],
    ["another root element", '<?xml version="1.0"?><html><svg></svg></html>'],
    ["an element that only starts like svg", "<svgx>"],
    ["an unclosed comment", "<!-- <svg>"],
    ["a doctype of another type", "<!DOCTYPE html><svg>"],
    ["two doctypes", "<!DOCTYPE svg><!DOCTYPE svg><svg>"],
    ["a root element past the sniffed start", `<!--${" ".repeat(5000)}--><svg>`],
    ["the crafted comment run", `${"<!---->".repeat(28)}x`],
  ])("refuses %s", (_label, text) => {
    expect(startsAsSvg(text)).toBe(false);
  });

  it("scans a long run of empty comments without backtracking", () => {
    expect(startsAsSvg(`${"<!---->".repeat(500)}<svg>`)).toBe(true);
    expect(startsAsSvg(`${"<!--".repeat(100_000)}x`)).toBe(false);
  });
});

describe("detectFile on text", () => {
  it("keeps the crafted comment run as plain text", async () => {
    const detected = await detectFile(Buffer.from(`${"<!---->".repeat(28)}x`), "notes.txt");
    expect(detected).toEqual({ mimeType: "text/plain", fileType: "txt", extension: "txt" });
  });
});
