import type { ComponentType } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { matchPath, Route, Routes } from "react-router";
import { StaticRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/system";
import { STORAGE_KEYS } from "@fba/contract/constants";
import type { Me, SuccessEnvelope } from "@fba/contract";
import { theme } from "./theme";
import { hoistStyles } from "./server-styles";
import { oneAtATime } from "./render-queue";
import { i18n } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { buildUrl, meRequest, seedEarlyGets, type GetRequest } from "../lib/api-client";
import { matchesWidth } from "../lib/media-width";
import { meQueryOptions, userOf } from "../lib/me";
import { shipmentRequests } from "../entities/shipment/api/requests";
import { shipmentQueryOptions } from "../entities/shipment/api/get-shipment";
import { quotationsQueryOptions } from "../entities/shipment/api/quotations";
import AppLayout from "./routes/AppLayout";
import SellerOrderChatPage from "./routes/SellerOrderChatPage";
import SellerShipmentPage from "./routes/SellerShipmentPage";
import ShipperOrderPage from "./routes/ShipperOrderPage";

/**
 * The order pages' first paint, rendered by the server (scripts/prerender.mjs builds this file for
 * Node as dist/ssr/first-paint.mjs): the page as its reader sees it once the order is in, the
 * layout around it, in their language and at a phone's or a desk's width, with the CSS it needs.
 * The server reads the page's data with the reader's own session (the same API calls, checks and
 * answers as the browser's) and puts the result in the HTML, so the order shows before the app's
 * JavaScript has downloaded; the app renders the same page behind it and takes its place
 * (lib/first-paint.ts). Only these pages: they are the long ones a reader opens from a link.
 */

interface FirstPaintPage {
  pattern: string;
  Page: ComponentType;
  /** The page's reads for the summary, by the shipment's id. */
  reads: (id: number) => GetRequest[];
  /** A search that makes the path another page (a sample's chat). */
  skips?: (search: URLSearchParams) => boolean;
}

const sellerReads = (id: number) => [shipmentRequests.detail(id), shipmentRequests.quotations(id)];

const PAGES: readonly FirstPaintPage[] = [
  {
    pattern: "/seller/booking/recentorderstatus/:id",
    Page: SellerOrderChatPage,
    reads: sellerReads,
    skips: (search) => search.get("src") === "sampleShipments",
  },
  { pattern: "/seller/booking/order/status/:id", Page: SellerShipmentPage, reads: sellerReads },
  {
    pattern: "/shipper/dashboard/orders/status/:id",
    Page: ShipperOrderPage,
    reads: (id) => [shipmentRequests.detail(id)],
    skips: (search) => search.get("src") === "sampleShipments",
  },
];

function pageOf(pathname: string, search: string) {
  for (const page of PAGES) {
    const match = matchPath(page.pattern, pathname);
    const id = Number(match?.params.id);
    if (!match || !Number.isSafeInteger(id) || id <= 0) continue;
    if (page.skips?.(new URLSearchParams(search))) return null;
    return { page, id };
  }
  return null;
}

/**
 * The API URLs (as the browser asks them, "/api/...") the first paint of this page needs, the
 * signed-in user's first; null for a page without one.
 */
export function firstPaintReads(pathname: string, search: string): string[] | null {
  const found = pageOf(pathname, search);
  if (!found) return null;
  return [meRequest, ...found.page.reads(found.id)].map(({ path, query }) => buildUrl(path, query));
}

/** Widths the page is laid out for: a phone's (Lighthouse's and most phones') and a desk's. */
const WIDTH = { phone: 412, desk: 1280 } as const;

/** A Storage in memory: the session the page renders as (Node has no localStorage). */
function memoryStorage(entries: Record<string, string>): Storage {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

async function text(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = "";
  for await (const chunk of stream)
    out += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/**
 * One render at a time (the language and the session are the module's, not the render's), and
 * none when two wait already: a render takes about 20 ms of the server's CPU, and a page is
 * better sent at once without its first paint than 60 ms late with it.
 */
const inTurn = oneAtATime(2);

export interface FirstPaintInput {
  pathname: string;
  search: string;
  locale: Locale;
  phone: boolean;
  /** The answers of `firstPaintReads`, by URL (their JSON bodies). */
  answers: Record<string, unknown>;
}

/**
 * The page's first paint: its HTML (the layout and the page) and the CSS it uses; null when the
 * page has none or its answers do not make one (the browser then renders it as before).
 */
export function renderFirstPaint(
  input: FirstPaintInput,
): Promise<{ html: string; css: string } | null> {
  return inTurn(() => render(input));
}

async function render({
  pathname,
  search,
  locale,
  phone,
  answers,
}: FirstPaintInput): Promise<{ html: string; css: string } | null> {
  const found = pageOf(pathname, search);
  const me = answers[buildUrl(meRequest.path)] as SuccessEnvelope<Me> | undefined;
  if (!found || !me?.data) return null;
  try {
    return await renderPage(found, me.data, locale, phone, answers, `${pathname}${search}`);
  } finally {
    seedEarlyGets({});
  }
}

async function renderPage(
  found: { page: FirstPaintPage; id: number },
  me: Me,
  locale: Locale,
  phone: boolean,
  answers: Record<string, unknown>,
  location: string,
): Promise<{ html: string; css: string } | null> {
  globalThis.localStorage = memoryStorage({
    [STORAGE_KEYS.user]: JSON.stringify(userOf(me)),
    // Never sent: the reads below are answered from `answers`, and nothing else runs on a server.
    [STORAGE_KEYS.accessToken]: "first-paint",
  });
  await i18n.changeLanguage(locale);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  seedEarlyGets(answers);
  await Promise.all([
    client.prefetchQuery(meQueryOptions()),
    client.prefetchQuery(shipmentQueryOptions(found.id)),
    found.page.reads(found.id).length > 1
      ? client.prefetchQuery(quotationsQueryOptions(found.id))
      : undefined,
  ]);
  if (!client.getQueryData(shipmentQueryOptions(found.id).queryKey)) return null;
  const width = phone ? WIDTH.phone : WIDTH.desk;
  const ssrMatchMedia = (query: string) => ({ matches: matchesWidth(query, width) });
  const laidOut = {
    ...theme,
    components: { ...theme.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } } },
  };
  const { Page } = found.page;
  const { prelude } = await prerenderToNodeStream(
    <ThemeProvider theme={laidOut}>
      <CssBaseline />
      <StaticRouter location={location}>
        <QueryClientProvider client={client}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path={found.page.pattern} element={<Page />} />
            </Route>
          </Routes>
        </QueryClientProvider>
      </StaticRouter>
    </ThemeProvider>,
    // Every part inline, in its place: no part streamed after the rest, so no script to place it.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const markup = await text(prelude as unknown as AsyncIterable<Uint8Array>);
  client.clear();
  // The page's CSP runs no inline script; a first paint that needed one would show half a page.
  return markup.includes("<script") ? null : hoistStyles(markup);
}
