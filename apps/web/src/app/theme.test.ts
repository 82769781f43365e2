import { afterEach, describe, expect, it, vi } from "vitest";

/** The theme as made for a reader whose system asks (or not) for less motion. */
async function themeFor(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query === "(prefers-reduced-motion: reduce)",
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
  return (await import("./theme")).theme;
}

afterEach(() => vi.unstubAllGlobals());

describe("the theme and a request for less motion", () => {
  it("keeps MUI's transitions and ripples for readers who did not ask", async () => {
    const theme = await themeFor(false);
    expect(theme.transitions.duration.standard).toBeGreaterThan(0);
    expect(theme.transitions.create("opacity")).toContain("opacity");
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it("stills transitions, ripples and MUI's animations, but not a toast's timer, for those who did", async () => {
    const theme = await themeFor(true);
    expect(Object.values(theme.transitions.duration)).toEqual(
      Object.values(theme.transitions.duration).map(() => 0),
    );
    expect(theme.transitions.create("opacity")).toBe("none");
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    const rules = JSON.stringify(theme.components?.MuiCssBaseline?.styleOverrides);
    expect(rules).toContain("prefers-reduced-motion: reduce");
    // Only MUI's classes: react-toastify closes a toast when its timer bar's animation ends.
    expect(rules).toContain("[class*='Mui']");
    expect(rules).not.toMatch(/"\*, \*::before/);
  });
});
