// The product's existing web client runs on its own origin and calls this server across origins
// (docs/DEPLOYMENT.md). A page served from another port stands in for it: it sends every shape of
// call that client makes (each method, JSON bodies, a JSON body on DELETE, multipart uploads, the
// sockets with the token in the query and the announcement socket without one) once with fetch
// and once with XMLHttpRequest (axios's transport in a browser). The browser enforces CORS, so a
// method, request header or exposed header the server leaves out of its CORS answers fails here.
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { shipmentInput } from "../support/shipments";
import { CLIENT_PORT } from "../playwright.config";

const CLIENT_ORIGIN = `http://127.0.0.1:${CLIENT_PORT}`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n").toString(
  "base64",
);
const DEMO_ADMIN = { email: "demo.admin@example.com", password: "Admin#Demo1" };

/**
 * The client's page: the two transports and the sockets, as a web client would use them. Every
 * answer is reported with its status, its parsed body and the response headers the page could
 * read (null when CORS hides them); a refused call is reported with status 0.
 */
const CLIENT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Existing client</title></head>
<body><h1>Existing client</h1><script>
const READ = ["x-request-id", "content-disposition", "content-type"];
const parse = (text) => { try { return JSON.parse(text); } catch { return null; } };
function prepare({ token, json, file, headers }) {
  const sent = { ...(headers || {}) };
  if (token) sent.authorization = "Bearer " + token;
  let body = null;
  if (json !== undefined) {
    sent["content-type"] = "application/json";
    body = JSON.stringify(json);
  }
  if (file) {
    body = new FormData();
    const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
    body.append(file.field, new Blob([bytes], { type: file.type }), file.name);
  }
  return { sent, body };
}
window.transports = {
  async fetch(call) {
    const { sent, body } = prepare(call);
    try {
      const res = await fetch(call.url, { method: call.method, headers: sent, body });
      const text = await res.text();
      const headers = Object.fromEntries(READ.map((name) => [name, res.headers.get(name)]));
      return { status: res.status, body: parse(text), headers };
    } catch (error) {
      return { status: 0, error: String(error) };
    }
  },
  xhr(call) {
    const { sent, body } = prepare(call);
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open(call.method, call.url);
      for (const [name, value] of Object.entries(sent)) xhr.setRequestHeader(name, value);
      xhr.onload = () => {
        const headers = Object.fromEntries(READ.map((name) => [name, xhr.getResponseHeader(name)]));
        resolve({ status: xhr.status, body: parse(xhr.responseText), headers });
      };
      xhr.onerror = () => resolve({ status: 0, error: "XMLHttpRequest network error" });
      xhr.send(body);
    });
  },
};
window.sockets = {};
window.openSocket = (name, url) =>
  new Promise((resolve) => {
    const socket = new WebSocket(url);
    const entry = { socket, events: [], closed: null };
    window.sockets[name] = entry;
    socket.onmessage = (message) => entry.events.push(parse(message.data));
    socket.onopen = () => resolve("open");
    socket.onclose = (event) => {
      entry.closed = event.code;
      resolve("closed " + event.code);
    };
  });
</script></body></html>`;

type Transport = "fetch" | "xhr";

interface Answer {
  status: number;
  error?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read as the client reads it
  body: any;
  headers: Record<string, string | null>;
}

interface CallOptions {
  token?: string;
  json?: unknown;
  file?: { field: string; name: string; type: string; base64: string };
  headers?: Record<string, string>;
}

/** The client's calls through one transport, each checked for the status the flow expects. */
function clientOf(page: Page, transport: Transport, apiBase: string) {
  return async (
    method: string,
    path: string,
    expected: number,
    options: CallOptions = {},
  ): Promise<Answer> => {
    const url = /^https?:/.test(path) ? path : `${apiBase}/${path.replace(/^\//, "")}`;
    const answer = await page.evaluate(
      ([kind, call]) =>
        (
          window as unknown as {
            transports: Record<string, (c: unknown) => Promise<unknown>>;
          }
        ).transports[kind]!(call),
      [transport, { method, url, ...options }] as const,
    );
    const result = answer as Answer;
    const what = `${transport} ${method} ${path}`;
    expect(
      result.status,
      `${what}: ${result.error ?? JSON.stringify(result.body)?.slice(0, 400)}`,
    ).toBe(expected);
    // Readable only when the server exposes it to other origins.
    expect(result.headers["x-request-id"], `${what}: x-request-id readable`).toBeTruthy();
    return result;
  };
}

let pageServer: Server;

test.beforeAll(async () => {
  pageServer = createServer((request, response) => {
    if (request.url !== "/") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(CLIENT_PAGE);
  });
  await new Promise<void>((resolve, reject) => {
    pageServer.once("error", reject);
    pageServer.listen(CLIENT_PORT, "127.0.0.1", resolve);
  });
});

test.afterAll(async () => {
  await new Promise((resolve) => pageServer?.close(resolve));
});

test("the existing client's calls pass CORS from its own origin, by fetch and by XMLHttpRequest", async ({
  page,
  baseURL,
}) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/CORS|Access-Control/i.test(message.text())) refusals.push(message.text());
  });
  await page.goto(`${CLIENT_ORIGIN}/`);
  await expect(page.getByRole("heading", { name: "Existing client" })).toBeVisible();
  const apiBase = `${baseURL}/api`;
  const socketBase = `${baseURL!.replace(/^http/, "ws")}/ws`;

  const sessions: Record<
    Transport,
    { seller: Answer["body"]; agent: Answer["body"]; shipmentId: number; sampleId: number }
  > = {} as never;

  for (const transport of ["fetch", "xhr"] as const) {
    await test.step(`${transport}: sign-up, booking, award, order updates, files and lists`, async () => {
      const call = clientOf(page, transport, apiBase);
      const register = async (groups: "Seller" | "Shipper", firstName: string) => {
        const email = uniqueEmail(`${transport}${groups[0]}`);
        const answer = await call("POST", "auth/register/", 201, {
          json: { first_name: firstName, last_name: "Client", email, password: PASSWORD, groups },
        });
        return { email, ...answer.body.data };
      };
      const seller = await register("Seller", "Cora");
      const agent = await register("Shipper", "Otto");
      const admin = (
        await call("POST", "auth/login/", 200, {
          json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, group: "Seller" },
        })
      ).body.data;

      // GET and HEAD; PATCH with JSON (the profile form); PUT, which the API serves nowhere,
      // reaches the API and gets its own 404 in the error shape instead of a CORS refusal.
      await call("GET", "auth/me/", 200, { token: seller.access_token });
      await call("HEAD", "health", 200);
      const profile = await call("PATCH", "auth/update-profile/", 200, {
        token: seller.access_token,
        json: { first_name: "Corinna", id: 1, groups: "Admin" },
      });
      expect(profile.body.data).toMatchObject({ first_name: "Corinna", groups: "Seller" });
      const put = await call("PUT", "auth/update-profile/", 404, {
        token: seller.access_token,
        json: { first_name: "Corinna" },
      });
      expect(put.body).toMatchObject({ status: "error", status_code: 404 });

      // A booking sent with an idempotency key and a request id of the client's own.
      const requestId = `client-${transport}-${Date.now()}`;
      const booked = await call("POST", "shipments/", 201, {
        token: seller.access_token,
        json: shipmentInput(seller, `Cross origin mugs ${transport}`),
        headers: { "idempotency-key": `booking-${requestId}`, "x-request-id": requestId },
      });
      expect(booked.headers["x-request-id"]).toBe(requestId);
      const shipmentId = booked.body.data.id as number;
      const bid = await call("POST", "/shipper/quotation/", 201, {
        token: agent.access_token,
        json: {
          shipment: String(shipmentId),
          pickup_amount: "100",
          fast_amount: "900",
          normal_amount: "",
        },
      });
      const quotationId = bid.body.data.id as number;
      await call("POST", `admin/shipments/${shipmentId}/winner/`, 200, {
        token: admin.access_token,
        json: { quotation_id: quotationId },
      });
      await call("GET", `/quotations/?shipment_id=${shipmentId}`, 200, {
        token: seller.access_token,
      });
      await call("PATCH", `/quotations/${quotationId}/`, 200, {
        token: seller.access_token,
        json: { shipment_status: "Quotation Accepted" },
      });

      // The agent's order screens: warehouse rows (W1, W3-W6), package tracking (P1), the
      // order's tracking and final amount, a chat attachment.
      const rows = await call("GET", `warehouses/?shipment_id=${shipmentId}`, 200, {
        token: agent.access_token,
      });
      const rowId = rows.body.data.data[0].id as number;
      await call("PATCH", `/warehouses/${rowId}/`, 200, {
        token: agent.access_token,
        json: { id: rowId, status: "Warehouse Picked Up" },
      });
      const pod = await call("PATCH", `/warehouses/${rowId}/`, 200, {
        token: agent.access_token,
        file: { field: "pod_document", name: "pod.pdf", type: "application/pdf", base64: PDF },
      });
      expect(pod.status).toBe(200);
      const withPod = await call("GET", `warehouses/?shipment_id=${shipmentId}`, 200, {
        token: seller.access_token,
      });
      const podUrl = withPod.body.data.data[0].pod_document as string;
      const download = await call("GET", podUrl, 200);
      expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
      await call("DELETE", `/warehouses/${rowId}/delete-pod-document/`, 200, {
        token: agent.access_token,
      });
      await call("PATCH", `/update-warehouse-tracking/${rowId}`, 200, {
        token: agent.access_token,
        json: { id: rowId, tracking_number: "1Z999AA10123456784" },
      });
      const shipment = await call("GET", `/shipments/${shipmentId}/`, 200, {
        token: agent.access_token,
      });
      const packageId = shipment.body.data.packages[0].id as number;
      await call("PATCH", `/update-packages/${packageId}`, 200, {
        token: agent.access_token,
        json: { id: packageId, tracking_number: "123456789" },
      });
      await call("POST", "/chat/attachment/", 201, {
        token: agent.access_token,
        file: { field: "attachment", name: "invoice.pdf", type: "application/pdf", base64: PDF },
      });
      await call("PATCH", `/shipments/${shipmentId}/`, 200, {
        token: agent.access_token,
        json: { tracking_number: "1Z999AA10123456784", final_amount: "1000" },
      });

      // Average costs (AC2-AC5): a JSON body on DELETE.
      const first = await call("POST", "average-cost/", 201, {
        token: agent.access_token,
        json: { warehouse_number: "ONT8", slow_cost: "2.50", fast_cost: "4", air_cost: "7" },
      });
      const second = await call("POST", "average-cost/", 201, {
        token: agent.access_token,
        json: { warehouse_number: "FTW1", slow_cost: "1.50", fast_cost: "3", air_cost: "6" },
      });
      await call("PATCH", `average-cost/${first.body.data.id}/`, 200, {
        token: agent.access_token,
        json: { warehouse_number: "ONT8", slow_cost: "2.75", fast_cost: "4.00", air_cost: "7.25" },
      });
      await call("DELETE", `average-cost/${first.body.data.id}/`, 200, {
        token: agent.access_token,
      });
      const many = await call("DELETE", "average-cost/delete-multiple/", 200, {
        token: agent.access_token,
        json: { ids: [second.body.data.id] },
      });
      expect(many.body.data.ids).toEqual([second.body.data.id]);

      // Samples, announcements, the bell and the seller dashboard (an admin's too).
      const sample = await call("POST", "/sample-shipments/", 201, {
        token: seller.access_token,
        json: { product_name: "Sample mug", quantity: "2", address: "12 Dock St, Long Beach, CA" },
      });
      const sampleId = sample.body.data.id as number;
      await call("PATCH", `/status-update/${sampleId}`, 200, {
        token: agent.access_token,
        json: { status: "Shipment Completed" },
      });
      await call("GET", "/sample-shipments/", 200, { token: seller.access_token });
      await call("GET", "/chat/notifications/", 200, { token: seller.access_token });
      await call("GET", "/announcement/", 200, { token: agent.access_token });
      await call("GET", "/seller/home/", 200, { token: seller.access_token });
      await call("GET", "/seller/home/", 200, { token: admin.access_token });
      await call("GET", "/seller/recent-orders/?page=1&per_page=50&", 200, {
        token: admin.access_token,
      });
      await call("GET", `/chat/messages/${shipmentId}/`, 200, { token: seller.access_token });
      sessions[transport] = { seller, agent, shipmentId, sampleId };
    });
  }

  await test.step("sockets: token in the query, and the announcement socket without one", async () => {
    const { seller, shipmentId, sampleId } = sessions.fetch;
    const token = seller.access_token as string;
    const open = (name: string, url: string) =>
      page.evaluate(
        ([n, u]) =>
          (
            window as unknown as { openSocket: (n: string, u: string) => Promise<string> }
          ).openSocket(n, u),
        [name, url] as const,
      );
    const eventsOf = (name: string) =>
      page.evaluate(
        (n) =>
          (
            window as unknown as {
              sockets: Record<string, { events: Array<{ event_type: string }> }>;
            }
          ).sockets[n]!.events.map((event) => event.event_type),
        name,
      );
    expect(await open("announcements", `${socketBase}/announcement/`)).toBe("open");
    expect(
      await open("bell", `${socketBase}/notifications/${seller.user.id}/?token=${token}`),
    ).toBe("open");
    expect(await open("chat", `${socketBase}/group-chat/${shipmentId}/?token=${token}`)).toBe(
      "open",
    );
    expect(
      await open("sample", `${socketBase}/sample-shipment-chat/${sampleId}/?token=${token}`),
    ).toBe("open");

    await page.evaluate(
      ([userId]) =>
        (
          window as unknown as { sockets: Record<string, { socket: WebSocket }> }
        ).sockets.chat!.socket.send(
          JSON.stringify({
            action: "send_message",
            message: "Cartons are ready",
            user_id: userId,
            sender_type: "Seller",
            attachment: null,
          }),
        ),
      [seller.user.id] as const,
    );
    await expect.poll(() => eventsOf("chat")).toContain("message_sent");
    const call = clientOf(page, "xhr", apiBase);
    await call("POST", "/announcement/", 201, {
      token,
      json: { title: "Dock hours", message: "The dock closes at 4 pm on Friday." },
    });
    await expect.poll(() => eventsOf("announcements")).toContain("announcement_created");
  });

  for (const transport of ["fetch", "xhr"] as const) {
    await test.step(`${transport}: refresh the session and log out`, async () => {
      const call = clientOf(page, transport, apiBase);
      const { seller } = sessions[transport];
      const refreshed = await call("POST", "auth/refresh-token/", 200, {
        json: { refresh: seller.refresh_token },
      });
      await call("POST", "auth/logout/", 200, {
        token: refreshed.body.data.access_token,
        json: { refresh: refreshed.body.data.refresh_token },
      });
    });
  }

  expect(refusals).toEqual([]);
});
