import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema, isAllowedText, textMessages } from "@fba/contract";
import { buildTestApp, type TestContext } from "../app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import { insertSample, insertShipment, TestSocket } from "../realtime-factories.js";
import { postShipment } from "../shipment-factories.js";

/** The text rule and the ordering allow-lists, on the real app: refusals, never 500s. */
describe("hostile text and orderings", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  let chatShipmentId: number;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app);
    admin = await createAdmin(ctx.app);
    await postShipment(ctx.app, seller, { product_name: "Blue lamps" });
    await postShipment(ctx.app, seller, { product_name: "Amber mugs" });
    chatShipmentId = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
    await insertShipment(ctx.app, {
      sellerId: seller.id,
      agentId: agent.id,
      status: "Shipment Completed",
    });
    await insertSample(ctx.app, seller.id);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => ctx?.close());

  const lists = (): Array<{ url: string; user: TestUser }> => [
    { url: "/api/seller/shipments/", user: seller },
    { url: "/api/seller/pending-shipments/", user: seller },
    { url: "/api/seller/recent-orders/", user: seller },
    { url: "/api/seller/past-orders/", user: seller },
    { url: "/api/seller/cancelled-shipments/", user: seller },
    { url: "/api/shipper/shipments/", user: agent },
    { url: "/api/shipper/recent-orders/", user: agent },
    { url: "/api/shipper/past-orders/", user: agent },
    { url: "/api/shipper/quotation-history", user: agent },
    { url: "/api/admin/shipments/", user: admin },
    { url: "/api/admin/users/", user: admin },
    { url: "/api/sample-shipments/", user: seller },
    { url: "/api/v1/announcement/", user: seller },
  ];

  const idsOf = (body: { data: unknown }): number[] => {
    const data = body.data as Array<{ id: number }> | { data: Array<{ id: number }> };
    return (Array.isArray(data) ? data : data.data).map((row) => row.id);
  };

  const get = (url: string, user: TestUser) =>
    ctx.app.inject({ method: "GET", url, headers: user.auth });

  it("ignores control characters and lone surrogates in list search terms", async () => {
    for (const { url, user } of lists()) {
      const plain = await get(url, user);
      expect(plain.statusCode, url).toBe(200);
      for (const search of ["%00", "%01%1F", "%00%00%00", "%7F"]) {
        const response = await get(`${url}?search=${search}`, user);
        expect(response.statusCode, `${url}?search=${search}`).toBe(200);
        expect(idsOf(response.json()), `${url}?search=${search}`).toEqual(idsOf(plain.json()));
      }
      // Bytes that are not UTF-8 (an encoded lone surrogate) are a term that matches nothing.
      expect((await get(`${url}?search=%ED%A0%80`, user)).statusCode).toBe(200);
    }
    const narrowed = await get("/api/seller/shipments/?search=Blue%00", seller);
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().data.map((row: { product_name: string }) => row.product_name)).toEqual([
      "Blue lamps",
    ]);
  });

  it("treats prototype names in ordering as unknown: the default order, never a 500", async () => {
    for (const { url, user } of lists()) {
      const plain = idsOf((await get(url, user)).json());
      for (const ordering of [
        "__proto__",
        "-__proto__",
        "constructor",
        "-constructor",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "__defineGetter__",
      ]) {
        const response = await get(`${url}?ordering=${ordering}`, user);
        expect(response.statusCode, `${url}?ordering=${ordering}`).toBe(200);
        expect(idsOf(response.json()), `${url}?ordering=${ordering}`).toEqual(plain);
      }
    }
  });

  it("still orders by a listed field", async () => {
    const ascending = idsOf((await get("/api/seller/shipments/?ordering=id", seller)).json());
    const descending = idsOf((await get("/api/seller/shipments/?ordering=-id", seller)).json());
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(descending).toEqual([...ascending].reverse());
  });

  it("answers paths that do not decode or are too long with the contract's error body", async () => {
    for (const [url, message] of [
      ["/api/shipments/%ED%A0%80/", "Malformed URL"],
      ["/api/shipments/%FF/", "Malformed URL"],
      [`/api/shipments/${"9".repeat(300)}/`, "Path parameter is too long"],
    ] as const) {
      const response = await ctx.app.inject({ method: "GET", url, headers: seller.auth });
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.strict().parse(response.json())).toEqual({
        status: "error",
        status_code: 400,
        message: "Bad Request",
        errors: [{ message }],
      });
    }
  });

  it("refuses control characters in JSON body fields with the field's error", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/sample-shipments/",
      headers: seller.auth,
      payload: { product_name: "Mugs\u0000", quantity: 2, address: "1 Way\u0007" },
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.errors).toEqual([
      { field: "product_name", message: textMessages.invalid },
      { field: "address", message: textMessages.invalid },
    ]);
  });

  it("refuses control characters in multipart fields with the field's error", async () => {
    const boundary = "----fba-boundary";
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n555\u0000123\r\n` +
      `--${boundary}--\r\n`;
    const response = await ctx.app.inject({
      method: "PATCH",
      url: "/api/auth/v1/update-profile/",
      headers: { ...seller.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).errors).toEqual([
      { field: "phone", message: textMessages.invalid },
    ]);
  });

  it("keeps to the text rule in uploaded file names, dropping what it refuses", async () => {
    const name = `${"a".repeat(199)}😀b\u0000c\u0007d.pdf`;
    const boundary = "----fba-file-name";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${name}"\r\n` +
          "Content-Type: application/pdf\r\n\r\n",
      ),
      Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/chat/attachment/",
      headers: { ...seller.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(201);
    const fileName = response.json().data.file_name as string;
    expect(isAllowedText(fileName)).toBe(true);
    expect(fileName).toBe(`${"a".repeat(199)}😀`);
  });

  it("answers a chat frame with hostile text with a field error, and the socket stays usable", async () => {
    const socket = await TestSocket.connect(baseUrl, `/ws/group-chat/${chatShipmentId}/`, {
      token: seller.token,
    });
    sockets.push(socket);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    socket.send({ action: "send_message", message: "hi\u0000there" });
    const first = await socket.next("error");
    expect(first.data.message).toBe(`message: ${textMessages.invalid}`);

    const before = socket.events.length;
    socket.send({ action: "send_message", message: "plain hello" });
    const sent = await socket.next("message_sent", before);
    expect(sent.data.content).toBe("plain hello");

    const afterSend = socket.events.length;
    socket.send({ action: "add_reaction", message_id: sent.data.id, reaction: "\u0000" });
    const second = await socket.next("error", afterSend);
    expect(second.data.message).toBe(`reaction: ${textMessages.invalid}`);

    const afterReaction = socket.events.length;
    socket.send({ action: "edit_message", message_id: sent.data.id, new_content: "x\ud800" });
    const third = await socket.next("error", afterReaction);
    expect(third.data.message).toBe(`new_content: ${textMessages.invalid}`);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });
});
