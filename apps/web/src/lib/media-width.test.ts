import { describe, expect, it } from "vitest";
import { createTheme } from "@mui/material/styles";
import { matchesWidth } from "./media-width";

describe("matchesWidth", () => {
  const { breakpoints } = createTheme();

  it("reads MUI's breakpoint queries at a phone's and a desk's width", () => {
    expect(matchesWidth(breakpoints.down("md"), 412)).toBe(true);
    expect(matchesWidth(breakpoints.down("md"), 1280)).toBe(false);
    expect(matchesWidth(breakpoints.up("md"), 1280)).toBe(true);
    expect(matchesWidth(breakpoints.up("md"), 412)).toBe(false);
    expect(matchesWidth(breakpoints.between("sm", "md"), 700)).toBe(true);
    expect(matchesWidth(breakpoints.between("sm", "md"), 412)).toBe(false);
    expect(matchesWidth(breakpoints.between("sm", "md"), 1280)).toBe(false);
  });

  it("holds for no query without a width", () => {
    expect(matchesWidth("(prefers-reduced-motion: reduce)", 412)).toBe(false);
    expect(matchesWidth("print", 1280)).toBe(false);
  });
});
