import { useEffect, useLayoutEffect } from "react";
import { FIRST_PAINT_ANSWERS_ID, FIRST_PAINT_ID } from "@fba/contract/constants";
import { seedEarlyGets } from "./api-client";

/**
 * The server's first paint of an order page (app/first-paint.tsx): the page's HTML, sent before
 * the app's JavaScript, and the API answers it was rendered from. The app starts behind it, hidden
 * but laid out, reads those answers instead of asking again, and takes its place as soon as its
 * own page shows (`useRevealApp` in the page's header), as the reader leaves the page, or after
 * ten seconds whatever happened.
 */

const REVEAL_AFTER_MS = 10_000;
const HIDDEN = "position:absolute;top:0;left:0;right:0;height:0;overflow:hidden;visibility:hidden";

let cover: { paint: HTMLElement; root: HTMLElement; path: string } | null = null;

/** At start, before the first render: puts the app behind the first paint the page came with. */
export function startBehindFirstPaint(root: HTMLElement): void {
  const paint = document.getElementById(FIRST_PAINT_ID);
  if (!paint) return;
  const answers = document.getElementById(FIRST_PAINT_ANSWERS_ID);
  try {
    const parsed: unknown = JSON.parse(answers?.textContent ?? "{}");
    if (parsed && typeof parsed === "object") seedEarlyGets(parsed as Record<string, unknown>);
  } catch {
    // Unreadable answers: the app asks for them itself.
  }
  answers?.remove();
  cover = { paint, root, path: window.location.pathname };
  root.style.cssText = HIDDEN;
  setTimeout(revealApp, REVEAL_AFTER_MS);
}

/** The app's page takes the first paint's place (once; nothing happens without one). */
export function revealApp(): void {
  if (!cover) return;
  cover.paint.remove();
  cover.root.style.cssText = "";
  cover = null;
}

/** Reveals the app as the component showing the page's content is laid out. */
export function useRevealApp(): void {
  useLayoutEffect(revealApp, []);
}

/** Reveals the app when it leaves the page the first paint shows (a redirect, a link). */
export function useRevealOnLeave(pathname: string): void {
  useEffect(() => {
    if (cover && pathname !== cover.path) revealApp();
  }, [pathname]);
}
