import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "./theme";
import LandingPage from "../features/landing/pages/LandingPage";

/**
 * The landing page as HTML, rendered at build time (scripts/prerender.mjs), and the CSS it needs.
 * Emotion writes each rule set as a <style> element before the first element using it; these
 * are moved into one stylesheet for the head, in the same order.
 */
export function renderLanding(): { html: string; css: string } {
  const markup = renderToString(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </ThemeProvider>,
  );
  const rules: string[] = [];
  const html = markup.replace(
    /<style data-emotion="[^"]*">([\s\S]*?)<\/style>/g,
    (_, css: string) => {
      rules.push(css);
      return "";
    },
  );
  return { html, css: rules.join("") };
}
