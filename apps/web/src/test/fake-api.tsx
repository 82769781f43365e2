import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { vi } from "vitest";
import { theme } from "../app/theme";

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

type Handler = (call: RecordedCall) => FakeResponse | Promise<FakeResponse>;

/** The public settings the account pages read for their texts: the server's defaults. */
const PUBLIC_SETTINGS = "GET settings/";

/**
 * Replaces fetch with a fake API keyed by "METHOD path" (path without the /api/ prefix and query),
 * recording every call but the public settings read (answered with the defaults unless a test
 * gives its own), so `calls` lists what the screen under test sends. Unknown routes answer 404
 * in the contract's error shape.
 */
export function fakeApi(routes: Record<string, Handler | FakeResponse>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const path = url.pathname.replace(/^\/api\//, "");
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: RecordedCall = { method, path, body, authorization: headers.get("authorization") };
    const key = `${method} ${path}`;
    if (key !== PUBLIC_SETTINGS) calls.push(call);
    const route =
      routes[key] ??
      (key === PUBLIC_SETTINGS
        ? {
            body: {
              status: "success",
              status_code: 200,
              message: "",
              data: { bid_window_hours: 72 },
            },
          }
        : undefined);
    const reply = typeof route === "function" ? await route(call) : route;
    const status = reply?.status ?? (route ? 200 : 404);
    const payload =
      reply?.body ??
      (route
        ? { status: "success", status_code: status, message: "OK", data: null }
        : { status: "error", status_code: 404, message: "Not Found", errors: [] });
    return new Response(JSON.stringify(payload), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export const success = <T,>(data: T, message = "Details updated successfully", status = 200) => ({
  status,
  body: { status: "success", status_code: status, message, data },
});

export const failure = (
  status: number,
  message: string,
  errors: { field?: string; message: string }[] = [],
) => ({ status, body: { status: "error", status_code: status, message, errors } });

/** Renders `element` at `path` inside the app's providers, with extra routes to land on. */
export function renderRoute(
  element: ReactElement,
  {
    path = "/",
    at = path,
    routes = [],
  }: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [at] });
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient };
}
