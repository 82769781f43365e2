import {
  expect as baseExpect,
  test as base,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import type { Account } from "./accounts";

// The shared test machine is busy: screens get more time than the default 10 s to appear.
export const expect = baseExpect.configure({ timeout: 30_000 });

interface Fixtures {
  /**
   * Opens a browser page signed in as the account (tokens and user stored as the login screen
   * stores them), in a context of its own that is closed after the test.
   */
  openAs: (account: Account, width?: number) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  openAs: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account, width = 1280) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      contexts.push(context);
      await context.addInitScript((a) => {
        if (localStorage.getItem("AUTH_TOKEN")) return;
        localStorage.setItem("AUTH_TOKEN", a.access_token);
        localStorage.setItem("REFRESH_TOKEN", a.refresh_token);
        localStorage.setItem("USER_DETAILS", JSON.stringify(a.user));
      }, account);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
