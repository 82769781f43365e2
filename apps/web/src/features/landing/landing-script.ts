import { authStorage } from "../../lib/auth-storage";
import { homePathFor, paths } from "../../app/paths";
import { scrollToHowItWorks } from "./how-it-works";
import { showConfiguredBidWindow } from "../../lib/bid-window";
import { isLocale, storeLocale } from "../../i18n/locale";

/**
 * The prerendered landing page's only script: the few things on it that act. Links are plain
 * links (a full page load into the app); the page is readable and navigable without it.
 */
function enhance() {
  for (const button of document.querySelectorAll<HTMLElement>("[data-get-started]")) {
    button.addEventListener("click", () => {
      const user = authStorage.getUser();
      const signedIn = Boolean(authStorage.getAccessToken() && user);
      window.location.assign(signedIn ? homePathFor(user?.groups) : paths.login);
    });
  }
  // The language switch is a link to the page in the other language; the choice is kept for the
  // app (localStorage) and for the server's next "/" (a cookie).
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-locale-switch]")) {
    link.addEventListener("click", () => {
      const locale = link.dataset.localeSwitch;
      if (isLocale(locale)) storeLocale(locale);
    });
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href="#how-it-works"]')) {
    link.addEventListener("click", scrollToHowItWorks);
  }
  // The page was rendered at build time: the copyright names this year.
  for (const year of document.querySelectorAll("[data-current-year]")) {
    year.textContent = String(new Date().getFullYear());
  }
  // It was rendered with the default bid window: say the one this server runs.
  void showConfiguredBidWindow();
}

enhance();
