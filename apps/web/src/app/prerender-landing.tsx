import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "./theme";
import { hoistStyles } from "./server-styles";
import { i18n } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import LandingPage from "../features/landing/pages/LandingPage";

/**
 * The landing page as HTML in one language, rendered at build time (scripts/prerender.mjs), the
 * CSS it needs (one stylesheet for the head) and its title.
 */
export async function renderLanding(
  locale: Locale = "en",
): Promise<{ html: string; css: string; title: string }> {
  await i18n.changeLanguage(locale);
  await i18n.loadNamespaces(["common", "landing"]);
  const markup = renderToString(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </ThemeProvider>,
  );
  return { ...hoistStyles(markup), title: i18n.t("title", { ns: "landing" }) };
}
