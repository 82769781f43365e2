import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages as texts, type ChatAttachment, type ChatMessage } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import {
  insertSample,
  insertShipment,
  setShipmentStatus,
  TestSocket,
} from "../../test/realtime-factories.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
// A Windows executable header dressed up as a picture.
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);

function multipart(
  fields: Array<{ name: string; value: Buffer | string; filename?: string; type?: string }>,
) {
  const boundary = `----fba${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const field of fields) {
    const disposition = field.filename
      ? `form-data; name="${field.name}"; filename="${field.filename}"`
      : `form-data; name="${field.name}"`;
    const type = field.filename
      ? `\r\nContent-Type: ${field.type ?? "application/octet-stream"}`
      : "";
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    parts.push(typeof field.value === "string" ? Buffer.from(field.value) : field.value);
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("chat over HTTP: history and attachments", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let otherSeller: TestUser;
  let admin: TestUser;
  let shipmentId: number;

  const upload = (user: TestUser | null, file: Buffer, filename: string, type = "image/png") => {
    const body = multipart([
      { name: "file_size", value: String(file.length) },
      { name: "attachment", value: file, filename, type },
    ]);
    return ctx.app.inject({
      method: "POST",
      url: "/api/chat/attachment/",
      payload: body.payload,
      headers: { ...body.headers, ...(user ? user.auth : {}) },
    });
  };
  const storedFiles = () => {
    try {
      return readdirSync(path.join(ctx.config.DATA_DIR, "uploads", "attachments"));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" });
    otherAgent = await createShipper(ctx.app);
    otherSeller = await createSeller(ctx.app);
    admin = await createAdmin(ctx.app);
    shipmentId = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
  });
  afterAll(async () => ctx.close());

  describe("GET /api/chat/messages/{shipment_id}/", () => {
    it("needs a token (401)", async () => {
      const res = await ctx.app.inject({ method: "GET", url: `/api/chat/messages/${shipmentId}/` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: "error", status_code: 401 });
    });

    it("refuses other sellers and other agents (403) and unknown shipments (404)", async () => {
      for (const user of [otherSeller, otherAgent]) {
        const res = await ctx.app.inject({
          method: "GET",
          url: `/api/chat/messages/${shipmentId}`,
          headers: user.auth,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().errors[0].message).toBe(texts.notAuthorisedChat);
      }
      const missing = await ctx.app.inject({
        method: "GET",
        url: "/api/chat/messages/424242/",
        headers: seller.auth,
      });
      expect(missing.statusCode).toBe(404);
      const bad = await ctx.app.inject({
        method: "GET",
        url: "/api/chat/messages/abc/",
        headers: seller.auth,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toEqual({ field: "shipment_id", message: "Must be a number" });
    });

    it("returns the parties and an empty list for a fresh chat; admins may read", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}/`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        messages: [],
        seller: { id: seller.id, first_name: "Seller", last_name: "Tester", image: null },
        shipper: { id: agent.id, first_name: "Andy", last_name: "Agent", image: null },
        // Until an admin posts: an object with empty fields (the existing client reads it).
        admin: { id: 0, first_name: "", last_name: "", image: null },
      });
    });

    it("backfills only messages after after_id", async () => {
      const socket = await TestSocket.connect(baseUrl, `/ws/group-chat/${shipmentId}/`, {
        token: seller.token,
      });
      for (const text of ["one", "two", "three"]) {
        socket.send({ action: "send_message", message: text });
      }
      await socket.until(() => socket.count("message_sent") >= 3);
      socket.close();
      const all = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}`,
        headers: agent.auth,
      });
      const messages = all.json().data.messages as ChatMessage[];
      expect(messages.map((m) => m.content)).toEqual(["one", "two", "three"]);
      const after = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}?after_id=${messages[0]?.id}`,
        headers: agent.auth,
      });
      expect(after.json().data.messages.map((m: ChatMessage) => m.content)).toEqual([
        "two",
        "three",
      ]);
    });
  });

  describe("attachments", () => {
    it("needs a token (401)", async () => {
      expect((await upload(null, PNG, "a.png")).statusCode).toBe(401);
    });

    it("stores an image and describes it; the client's file_size is not trusted", async () => {
      const res = await upload(seller, PNG, "Product photo.final.png");
      expect(res.statusCode).toBe(201);
      const attachment = res.json().data as ChatAttachment;
      expect(attachment).toMatchObject({
        file_name: "Product photo.final",
        file_type: "png",
        file_size: "70 B",
      });
      expect(attachment.attachment).toContain(`/api/chat/attachment/${attachment.id}/download/`);
    });

    it("detects types by content: PDF, SVG and plain text are accepted, a disguised program is 415", async () => {
      const pdf = await upload(seller, PDF, "invoice.pdf", "application/pdf");
      expect(pdf.json().data).toMatchObject({ file_name: "invoice", file_type: "pdf" });
      const svg = await upload(seller, SVG, "logo.svg", "image/svg+xml");
      expect(svg.json().data).toMatchObject({ file_type: "svg+xml" });
      const csv = await upload(seller, Buffer.from("sku,qty\nA1,3\n"), "stock.csv", "text/csv");
      expect(csv.json().data).toMatchObject({ file_type: "csv" });

      const before = storedFiles().length;
      const exe = await upload(seller, EXE, "cute-cat.png", "image/png");
      expect(exe.statusCode).toBe(415);
      expect(exe.json()).toMatchObject({
        status_code: 415,
        errors: [{ field: "attachment", message: texts.attachmentUnsupported }],
      });
      const binary = await upload(
        seller,
        Buffer.from([0, 1, 2, 3, 0, 255, 254]),
        "notes.txt",
        "text/plain",
      );
      expect(binary.statusCode).toBe(415);
      expect(storedFiles().length).toBe(before);
    });

    it("refuses a file over 25 MB with 413 and leaves nothing behind", async () => {
      const before = storedFiles().length;
      const big = Buffer.alloc(25 * 1024 * 1024 + 10, 0x20);
      PNG.copy(big);
      const res = await upload(seller, big, "huge.png");
      expect(res.statusCode).toBe(413);
      expect(res.json().errors[0]).toEqual({
        field: "attachment",
        message: texts.attachmentTooLarge,
      });
      expect(storedFiles().length).toBe(before);
    });

    it("needs the attachment field", async () => {
      const body = multipart([{ name: "file_size", value: "10" }]);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/chat/attachment",
        payload: body.payload,
        headers: { ...body.headers, ...seller.auth },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({
        field: "attachment",
        message: texts.attachmentRequired,
      });
    });

    it("serves the bytes to the uploader, then to the chat's parties only", async () => {
      const uploaded = (await upload(agent, PNG, "label.png")).json().data as ChatAttachment;
      const get = (user: TestUser) =>
        ctx.app.inject({
          method: "GET",
          url: `/api/chat/attachment/${uploaded.id}/`,
          headers: user.auth,
        });

      // Before it is sent: only its uploader.
      expect((await get(agent)).statusCode).toBe(200);
      expect((await get(seller)).statusCode).toBe(404);

      // Someone else cannot send it.
      const sellerSocket = await TestSocket.connect(baseUrl, `/ws/group-chat/${shipmentId}/`, {
        token: seller.token,
      });
      sellerSocket.send({ action: "send_message", message: "", attachment: uploaded.id });
      expect((await sellerSocket.next("error")).data.message).toBe(texts.attachmentNotFound);

      const agentSocket = await TestSocket.connect(baseUrl, `/ws/group-chat/${shipmentId}/`, {
        token: agent.token,
      });
      agentSocket.send({ action: "send_message", message: "", attachment: String(uploaded.id) });
      const sent = (await sellerSocket.next("message_sent")).data;
      expect(sent.attachment).toMatchObject({
        id: uploaded.id,
        file_name: "label",
        file_type: "png",
      });
      agentSocket.send({ action: "send_message", message: "again", attachment: uploaded.id });
      expect((await agentSocket.next("error")).data.message).toBe(texts.attachmentAlreadyUsed);
      sellerSocket.close();
      agentSocket.close();

      expect((await get(seller)).statusCode).toBe(200);
      expect((await get(admin)).statusCode).toBe(200);
      expect((await get(otherSeller)).statusCode).toBe(403);
      expect((await get(otherAgent)).statusCode).toBe(403);

      // Signed URL: works without a header, inline for a PNG, with nosniff.
      const signed = new URL(sent.attachment?.attachment ?? "");
      const download = await ctx.app.inject({
        method: "GET",
        url: `${signed.pathname}${signed.search}`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PNG)).toBe(true);
      expect(download.headers["content-type"]).toBe("image/png");
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(download.headers["content-disposition"]).toContain('inline; filename="label.png"');

      // Tampered signature, no credentials, an outsider's bearer token.
      const tampered = await ctx.app.inject({
        method: "GET",
        url: `${signed.pathname}?expires=${signed.searchParams.get("expires")}&signature=AAAA`,
      });
      expect(tampered.statusCode).toBe(403);
      const bare = await ctx.app.inject({ method: "GET", url: signed.pathname });
      expect(bare.statusCode).toBe(401);
      const outsider = await ctx.app.inject({
        method: "GET",
        url: signed.pathname,
        headers: otherSeller.auth,
      });
      expect(outsider.statusCode).toBe(403);
      const party = await ctx.app.inject({
        method: "GET",
        url: signed.pathname,
        headers: admin.auth,
      });
      expect(party.statusCode).toBe(200);
    });

    it("always downloads SVG as an attachment, never inline", async () => {
      const svg = (await upload(seller, SVG, "logo.svg", "image/svg+xml")).json()
        .data as ChatAttachment;
      const url = new URL(svg.attachment);
      const res = await ctx.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="logo.svg"/);
      expect(res.headers["content-security-policy"]).toContain("sandbox");
    });

    it("answers 404 for an unknown attachment", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/api/chat/attachment/999999/",
        headers: seller.auth,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe("after the order ends", () => {
    const endings = {
      "completed by the agent": async (id: number) => {
        await setShipmentStatus(ctx.app, id, "Shipment Completed");
      },
      "cancelled by the agent": async (id: number) => {
        await setShipmentStatus(ctx.app, id, "Shipment Cancelled");
      },
      "cancelled by the seller": async (id: number, quotationId: number) => {
        const res = await ctx.app.inject({
          method: "PATCH",
          url: `/api/quotations/${quotationId}/`,
          headers: seller.auth,
          payload: { is_accepted: false, cancel_reason: "Found another carrier" },
        });
        expect(res.statusCode).toBe(200);
      },
    };

    for (const [ending, end] of Object.entries(endings)) {
      it(`keeps the history and its attachments readable for both parties and admins once ${ending}`, async () => {
        const order = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
        const path = `/ws/group-chat/${order.id}/`;
        const uploaded = (await upload(agent, PDF, "invoice.pdf", "application/pdf")).json()
          .data as ChatAttachment;
        const agentSocket = await TestSocket.connect(baseUrl, path, { token: agent.token });
        agentSocket.send({ action: "send_message", message: "Invoice", attachment: uploaded.id });
        await agentSocket.next("message_sent");

        await end(order.id, order.quotationId!);

        for (const reader of [seller, agent, admin]) {
          const history = await ctx.app.inject({
            method: "GET",
            url: `/api/chat/messages/${order.id}/`,
            headers: reader.auth,
          });
          expect(history.statusCode).toBe(200);
          const messages = history.json().data.messages as ChatMessage[];
          expect(messages.map((m) => [m.content, m.attachment?.id])).toEqual([
            ["Invoice", uploaded.id],
          ]);
          const file = await ctx.app.inject({
            method: "GET",
            url: `/api/chat/attachment/${uploaded.id}/`,
            headers: reader.auth,
          });
          expect(file.statusCode).toBe(200);
        }
        for (const outsider of [otherSeller, otherAgent]) {
          const history = await ctx.app.inject({
            method: "GET",
            url: `/api/chat/messages/${order.id}/`,
            headers: outsider.auth,
          });
          expect(history.statusCode).toBe(403);
        }
        // Read-only: the agent's socket stays open, and writing is refused.
        agentSocket.send({ action: "send_message", message: "One more thing" });
        expect((await agentSocket.next("error")).data.message).toContain(texts.chatClosed);
        expect(agentSocket.closeCode).toBeNull();
        agentSocket.close();
        const rejoin = await TestSocket.connect(baseUrl, path, { token: agent.token });
        expect(rejoin.closeCode).toBeNull();
        rejoin.close();
      });
    }
  });

  describe("sample chat history", () => {
    it("lets any agent and the seller read, refuses other sellers", async () => {
      const sample = await insertSample(ctx.app, seller.id);
      const url = `/api/chat/sample-shipment-messages/${sample.id}`;
      expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: "GET", url, headers: otherSeller.auth })).statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: "GET", url, headers: otherAgent.auth })).statusCode,
      ).toBe(200);
      expect(
        (
          await ctx.app.inject({
            method: "GET",
            url: "/api/chat/sample-shipment-messages/777777",
            headers: seller.auth,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
