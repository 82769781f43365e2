import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Set to a folder to keep screenshots of the screens the journeys pass through. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
/** Set to refresh the README screenshots in docs/screenshots. */
const DOCS_SHOTS = process.env.E2E_DOCS_SCREENSHOTS
  ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots")
  : undefined;

/** A screenshot of the page as it is, kept when E2E_SCREENSHOT_DIR is set. */
export async function shot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/**
 * The top of the page (or, with `keepScroll`, what is on screen) as a README screenshot, taken
 * when E2E_DOCS_SCREENSHOTS is set.
 */
export async function docsShot(page: Page, name: string, { keepScroll = false } = {}) {
  if (!DOCS_SHOTS) return;
  mkdirSync(DOCS_SHOTS, { recursive: true });
  if (!keepScroll) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${DOCS_SHOTS}/${name}.png` });
}

/**
 * Once the page settled: a screenshot at its width, optionally the README one, then the same
 * URL opened with the same session at phone width.
 */
export async function shotsAtBothWidths(page: Page, name: string, docsName?: string) {
  if (!SHOTS && !(DOCS_SHOTS && docsName)) return;
  await page.waitForLoadState("networkidle");
  await shot(page, `${name}-1280`);
  if (docsName) await docsShot(page, docsName);
  if (!SHOTS) return;
  const phone = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 800 } });
  const phonePage = await phone.newPage();
  const origin = new URL(page.url()).origin;
  await phonePage.goto(`${origin}/`);
  const storage = await page.evaluate(() => ({ ...localStorage }));
  await phonePage.evaluate((s) => {
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, storage);
  await phonePage.goto(page.url());
  await phonePage
    .getByRole("heading", { level: 1 })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await phonePage.waitForLoadState("networkidle");
  await shot(phonePage, `${name}-375`);
  await phone.close();
}
