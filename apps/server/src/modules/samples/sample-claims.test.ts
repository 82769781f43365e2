import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chatMessages as texts, sampleMessages, type SampleShipment } from "@fba/contract";
import { chatMessages, sampleShipments, users } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { multipartBody } from "../../test/profile-factories.js";
import { createSampleShipment } from "../../test/sample-factories.js";
import { TestSocket } from "../../test/realtime-factories.js";

describe("sample claims: the first agent who acts on a sample handles it alone", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let rival: TestUser;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
    agent = await createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" });
    rival = await createShipper(ctx.app, { firstName: "Rita", lastName: "Rival" });
    admin = await createAdmin(ctx.app);
    await ctx.app.database.db
      .update(users)
      .set({ companyName: "Andy Freight LLC" })
      .where(eq(users.id, agent.id));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => ctx.close());

  const open = async (path: string, user: TestUser) => {
    const socket = await TestSocket.connect(baseUrl, path, { token: user.token });
    sockets.push(socket);
    return socket;
  };
  const chatPath = (id: number) => `/ws/sample-shipment-chat/${id}/`;
  const claim = (user: TestUser, id: number) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/sample-shipments/${id}/claim/`,
      headers: user.auth,
    });
  const complete = (user: TestUser, id: number) =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/status-update/${id}/`,
      headers: user.auth,
      payload: { status: "Shipment Completed" },
    });
  const view = async (user: TestUser, id: number): Promise<SampleShipment> => {
    const res = await ctx.app.inject({ url: `/api/sample-shipments/${id}/`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json().data as SampleShipment;
  };
  const history = (user: TestUser, id: number) =>
    ctx.app.inject({ url: `/api/chat/sample-shipment-messages/${id}/`, headers: user.auth });
  const storedMessages = async (id: number) =>
    (await history(admin, id)).json().data.messages as Array<{ sender: { id: number } }>;

  it("leaves an unclaimed sample open to every agent, in their list and its chat", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    expect((await view(seller, id)).claim).toBeNull();
    expect((await view(rival, id)).claim).toBeNull();
    const list = await ctx.app.inject({ url: "/api/sample-shipments/", headers: rival.auth });
    expect((list.json().data.data as SampleShipment[]).map((s) => s.id)).toContain(id);
    expect((await history(agent, id)).statusCode).toBe(200);
    expect((await history(rival, id)).statusCode).toBe(200);
    const agentSocket = await open(chatPath(id), agent);
    const rivalSocket = await open(chatPath(id), rival);
    expect(agentSocket.closeCode).toBeNull();
    expect(rivalSocket.closeCode).toBeNull();
  });

  it("gives the sample to exactly one of two agents claiming at once", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    const results = await Promise.all([claim(agent, id), claim(rival, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const loser = results.find((r) => r.statusCode === 403);
    expect(loser?.json()).toMatchObject({
      status: "error",
      status_code: 403,
      errors: [{ message: sampleMessages.claimedByAnother }],
    });
    const winner = results[0]?.statusCode === 200 ? agent : rival;
    expect((await view(seller, id)).claim?.agent?.id).toBe(winner.id);
    // Claiming one's own sample again changes nothing.
    expect((await claim(winner, id)).statusCode).toBe(200);
  });

  it("gives the sample to exactly one of two agents writing first at once", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    const agentSocket = await open(chatPath(id), agent);
    const rivalSocket = await open(chatPath(id), rival);
    agentSocket.send({ action: "send_message", message: "I can take these" });
    rivalSocket.send({ action: "send_message", message: "Me too" });
    await agentSocket.until(
      () => agentSocket.closeCode !== null || agentSocket.count("message_sent") > 0,
    );
    await rivalSocket.until(
      () => rivalSocket.closeCode !== null || rivalSocket.count("message_sent") > 0,
    );
    const stored = await storedMessages(id);
    expect(stored).toHaveLength(1);
    const winnerId = stored[0]?.sender.id;
    expect([agent.id, rival.id]).toContain(winnerId);
    const claimed = await view(seller, id);
    expect(claimed.claim?.agent?.id).toBe(winnerId);
    // The loser's socket was closed as no longer a party.
    const loserSocket = winnerId === agent.id ? rivalSocket : agentSocket;
    expect(await loserSocket.closed()).toBe(4403);
  });

  it("names the handling agent to the seller, admins and other agents; the claimer sees it is theirs", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    const res = await claim(agent, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(sampleMessages.claimed);
    const named = {
      is_mine: false,
      agent: {
        id: agent.id,
        first_name: "Andy",
        last_name: "Agent",
        company_name: "Andy Freight LLC",
      },
    };
    expect((await view(seller, id)).claim).toMatchObject(named);
    expect((await view(admin, id)).claim).toMatchObject(named);
    expect((await view(agent, id)).claim).toMatchObject({ ...named, is_mine: true });
    expect((await view(rival, id)).claim).toMatchObject(named);
    // Still listed for the other agent, with who handles it.
    const list = await ctx.app.inject({ url: "/api/sample-shipments/", headers: rival.auth });
    const row = (list.json().data.data as SampleShipment[]).find((s) => s.id === id);
    expect(row?.claim).toMatchObject(named);
  });

  it("keeps other agents out of a claimed sample's history, files, socket, chat and completion", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    const rivalSocket = await open(chatPath(id), rival);
    expect(rivalSocket.closeCode).toBeNull();
    const agentSocket = await open(chatPath(id), agent);
    const upload = multipartBody(
      { file_size: "1 KB" },
      {
        attachment: {
          filename: "label.pdf",
          contentType: "application/pdf",
          bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
        },
      },
    );
    const uploaded = await ctx.app.inject({
      method: "POST",
      url: "/api/chat/attachment/",
      headers: { ...agent.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const attachmentId = uploaded.json().data.id as number;
    agentSocket.send({
      action: "send_message",
      message: "Label attached",
      attachment: attachmentId,
    });
    await agentSocket.next("message_sent");

    // The rival's open socket closed the moment the agent claimed it by writing.
    expect(await rivalSocket.closed()).toBe(4403);
    expect(rivalSocket.count("message_sent")).toBe(0);

    const refusedHistory = await history(rival, id);
    expect(refusedHistory.statusCode).toBe(403);
    expect(refusedHistory.body).not.toContain("Label attached");
    for (const url of [
      `/api/chat/attachment/${attachmentId}/`,
      `/api/chat/attachment/${attachmentId}/download/`,
    ]) {
      expect((await ctx.app.inject({ url, headers: rival.auth })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url, headers: seller.auth })).statusCode).toBe(200);
    }
    const rejoin = await open(chatPath(id), rival);
    expect(await rejoin.closed()).toBe(4403);
    const rivalComplete = await complete(rival, id);
    expect(rivalComplete.statusCode).toBe(403);
    expect((await claim(rival, id)).statusCode).toBe(403);

    // The seller, the claiming agent and admins carry on.
    expect((await history(seller, id)).statusCode).toBe(200);
    const adminSocket = await open(chatPath(id), admin);
    adminSocket.send({ action: "send_message", message: "Admin here" });
    await agentSocket.next("message_sent", agentSocket.events.length);
    expect((await view(seller, id)).claim?.agent?.id).toBe(agent.id);
    expect((await complete(agent, id)).statusCode).toBe(200);
    expect(await storedMessages(id)).toHaveLength(2);
  });

  it("claims the sample for the agent who completes it; an admin completing claims nothing", async () => {
    const first = await createSampleShipment(ctx.app, seller.id);
    expect((await complete(rival, first.id)).statusCode).toBe(200);
    expect((await view(seller, first.id)).claim?.agent?.id).toBe(rival.id);
    expect((await history(agent, first.id)).statusCode).toBe(403);

    const second = await createSampleShipment(ctx.app, seller.id);
    expect((await complete(admin, second.id)).statusCode).toBe(200);
    expect((await view(seller, second.id)).claim).toBeNull();
    expect((await history(agent, second.id)).statusCode).toBe(200);
  });

  it("lets an admin write in an unclaimed sample's chat without claiming it", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    const adminSocket = await open(chatPath(id), admin);
    adminSocket.send({ action: "send_message", message: "Any agent free?" });
    await adminSocket.next("message_sent");
    expect((await view(seller, id)).claim).toBeNull();
    const rivalSocket = await open(chatPath(id), rival);
    rivalSocket.send({ action: "send_message", message: "Yes" });
    await rivalSocket.next("message_sent");
    expect((await view(seller, id)).claim?.agent?.id).toBe(rival.id);
    const late = await open(chatPath(id), agent);
    expect(await late.closed()).toBe(4403);
    const agentHistory = await history(agent, id);
    expect(agentHistory.json().errors[0].message).toBe(texts.notAuthorisedChat);
  });

  it("notifies only the parties: an agent who wrote before another agent claimed hears nothing more", async () => {
    // A sample from before claims existed: the rival wrote in it, then the agent was recorded
    // as its handler.
    const { id } = await createSampleShipment(ctx.app, seller.id);
    await ctx.app.database.db.insert(chatMessages).values({
      sampleShipmentId: id,
      senderId: rival.id,
      senderType: "Shipper",
      content: "Earlier note",
    });
    await ctx.app.database.db
      .update(sampleShipments)
      .set({ claimedById: agent.id, claimedAt: new Date() })
      .where(eq(sampleShipments.id, id));
    const sellerSocket = await open(chatPath(id), seller);
    sellerSocket.send({ action: "send_message", message: "Private pickup code 4411" });
    await sellerSocket.next("message_sent");
    await ctx.app.events.settle();
    const bell = async (user: TestUser) =>
      JSON.stringify(
        (await ctx.app.inject({ url: "/api/chat/notifications/", headers: user.auth })).json(),
      );
    // The notification is written after the message is delivered: wait for the handler's.
    await expect.poll(() => bell(agent), { timeout: 5_000 }).toContain("Private pickup code 4411");
    await ctx.app.events.settle();
    expect(await bell(rival)).not.toContain("Private pickup code 4411");
  });

  it("refuses claims from sellers and admins, for unknown and completed samples", async () => {
    const { id } = await createSampleShipment(ctx.app, seller.id);
    expect((await claim(seller, id)).statusCode).toBe(403);
    expect((await claim(admin, id)).statusCode).toBe(403);
    expect((await claim(agent, 987_654)).statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/sample-shipments/abc/claim/",
      headers: agent.auth,
    });
    expect(bad.statusCode).toBe(400);
    const done = await createSampleShipment(ctx.app, seller.id, { status: "Shipment Completed" });
    const late = await claim(agent, done.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(sampleMessages.alreadyCompleted);
    expect((await view(seller, done.id)).claim).toBeNull();
  });
});
