import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FIRST_PAINT_ANSWERS_ID, FIRST_PAINT_ID, VIEW_COOKIE } from "@fba/contract/constants";
import type { Locale } from "@fba/contract/locales";
import { landingLocale } from "./landing-locale.js";

/**
 * The first paint of the order pages: their HTML with the order in it, so a reader sees the order
 * before the app's JavaScript has arrived. The web build renders it (its dist/ssr/first-paint.mjs,
 * apps/web/src/app/first-paint.tsx); this side reads what it needs with the reader's own session,
 * through this app's own routes (the same checks, limits and answers as the browser's calls), and
 * puts page and answers into the page's HTML. The session is the access token's copy the web app
 * keeps in a cookie (VIEW_COOKIE); without one, with an expired one, or with any read refused,
 * the page is sent as before and the browser renders it.
 */

/** What the web build's module offers (see apps/web/src/app/first-paint.tsx). */
interface FirstPaintModule {
  firstPaintReads(pathname: string, search: string): string[] | null;
  renderFirstPaint(input: {
    pathname: string;
    search: string;
    locale: Locale;
    phone: boolean;
    answers: Record<string, unknown>;
  }): Promise<{ html: string; css: string } | null>;
}

export interface FirstPaint {
  /** The page's HTML with its first paint, or null when it has none for this request. */
  (request: FastifyRequest, pageHtml: string): Promise<string | null>;
}

/** Where the web build puts the module, inside its dist folder (never sent to browsers). */
export const FIRST_PAINT_DIR = "ssr";
const MODULE_FILE = path.join(FIRST_PAINT_DIR, "first-paint.mjs");

const PHONE = /Mobi|Android|iPhone|iPad|iPod/i;

/**
 * What painting may take of the server: a paint (its reads, a render of about 20 ms, the HTML's
 * compression) is the server's CPU, so at most this many pages are painted at once, and painting
 * takes at most this many milliseconds in any second (about a quarter of a core). Past either, a
 * page is sent at once without its paint, as before, rather than late with it; a burst of order
 * pages then never slows the API down by more than that quarter.
 */
export const MAX_PAINTING = 3;
export const PAINT_MS_PER_SECOND = 250;

/** A budget of milliseconds that refills at `perSecond` a second, up to one second's worth. */
function timeBudget(perSecond: number) {
  let left = perSecond;
  let at = performance.now();
  return {
    available(): boolean {
      const now = performance.now();
      left = Math.min(perSecond, left + ((now - at) * perSecond) / 1000);
      at = now;
      return left > 0;
    },
    spend(ms: number) {
      left -= ms;
    },
  };
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}

/** JSON inside a <script> element: nothing in it can end the element or the line. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The page's HTML with the first paint before the app's root, and the answers after it. */
export function withFirstPaint(
  pageHtml: string,
  paint: { html: string; css: string; locale: Locale; answers: Record<string, unknown> },
): string | null {
  const root = '<div id="root"></div>';
  if (!pageHtml.includes(root)) return null;
  const parts = [
    `<div id="${FIRST_PAINT_ID}"><style>${paint.css.replace(/<\/style/gi, "<\\/style")}</style>${paint.html}</div>`,
    root,
    `<script type="application/json" id="${FIRST_PAINT_ANSWERS_ID}">${scriptJson(paint.answers)}</script>`,
  ];
  return pageHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${paint.locale}">`)
    .replace(root, parts.join(""));
}

/** The first paint of the web build in `distDir`, or null when the build has none. */
export function firstPaint(app: FastifyInstance, distDir: string): FirstPaint | null {
  const file = path.join(distDir, MODULE_FILE);
  if (!existsSync(file)) return null;
  let loaded: Promise<FirstPaintModule> | null = null;
  const load = () => (loaded ??= import(pathToFileURL(file).href) as Promise<FirstPaintModule>);

  let painting = 0;
  const budget = timeBudget(PAINT_MS_PER_SECOND);
  return async (request, pageHtml) => {
    const token = cookieValue(request.headers.cookie, VIEW_COOKIE);
    if (!token || !/^[\w.-]+$/.test(token)) return null;
    if (painting >= MAX_PAINTING || !budget.available()) return null;
    painting += 1;
    const started = performance.now();
    const [pathname = "/", query = ""] = request.url.split("?", 2);
    const search = query ? `?${query}` : "";
    try {
      const module = await load();
      const reads = module.firstPaintReads(pathname, search);
      if (!reads) return null;
      const replies = await Promise.all(
        reads.map((url) =>
          app.inject({
            method: "GET",
            url,
            headers: { authorization: `Bearer ${token}`, accept: "application/json" },
            remoteAddress: request.ip,
          }),
        ),
      );
      if (replies.some((reply) => reply.statusCode !== 200)) return null;
      const answers = Object.fromEntries(reads.map((url, i) => [url, replies[i]?.json()]));
      const locale = landingLocale({
        cookie: request.headers.cookie,
        acceptLanguage: request.headers["accept-language"],
      });
      const phone = PHONE.test(request.headers["user-agent"] ?? "");
      const paint = await module.renderFirstPaint({ pathname, search, locale, phone, answers });
      return paint ? withFirstPaint(pageHtml, { ...paint, locale, answers }) : null;
    } catch (error) {
      request.log.warn({ err: error }, "first paint failed; the page is sent without it");
      return null;
    } finally {
      painting -= 1;
      budget.spend(performance.now() - started);
    }
  };
}
