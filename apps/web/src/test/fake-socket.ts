import { act } from "@testing-library/react";

/** A WebSocket stand-in: tests open, feed and close it by hand and read what was sent. */
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(code = 1000) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason: "" });
  }

  open() {
    act(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }

  emit(eventType: string, data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify({ event_type: eventType, data }) }));
  }

  drop(code = 1006) {
    act(() => {
      this.readyState = FakeSocket.CLOSED;
      this.onclose?.({ code, reason: "" });
    });
  }

  static latest(pathPart: string): FakeSocket {
    const found = [...FakeSocket.all].reverse().find((s) => s.url.includes(pathPart));
    if (!found) throw new Error(`no socket for ${pathPart}`);
    return found;
  }

  static reset() {
    FakeSocket.all = [];
  }
}

/** A fetch that answers API paths from a table (prefix match on the path after /api/). */
export function fakeFetch(routes: Record<string, unknown | ((init?: RequestInit) => unknown)>) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const path = url.pathname.replace(/^\/api\//, "");
    const key = Object.keys(routes).find((route) => path.startsWith(route));
    if (key === undefined) {
      return new Response(
        JSON.stringify({ status: "error", status_code: 404, message: "Not found", errors: [] }),
        {
          status: 404,
        },
      );
    }
    const route = routes[key];
    const data =
      typeof route === "function" ? (route as (init?: RequestInit) => unknown)(init) : route;
    return new Response(
      JSON.stringify({ status: "success", status_code: 200, message: "OK", data }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
  };
}

/** Stores a signed-in user the way login does. */
export function signIn(user: {
  id: number;
  first_name: string;
  last_name: string;
  groups: string;
}) {
  localStorage.setItem("AUTH_TOKEN", "token-for-tests");
  localStorage.setItem(
    "USER_DETAILS",
    JSON.stringify({
      email: "user@example.com",
      image: null,
      profile: { phone: null, company_name: null },
      ...user,
    }),
  );
}
