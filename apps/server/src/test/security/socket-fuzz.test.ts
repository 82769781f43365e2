import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  realtimeMessages,
  serverEventSchema,
  WS_CLOSE_CODES,
  WS_MAX_PAYLOAD_BYTES,
} from "@fba/contract";
import { buildTestApp, type TestContext } from "../app.js";
import { createSeller, createShipper, type TestUser } from "../factories.js";
import { insertShipment, TestSocket } from "../realtime-factories.js";
import {
  HOSTILE_PLACEHOLDER,
  HOSTILE_TEXTS,
  HOSTILE_VALUES,
  rawJsonVariants,
  stringifyWith,
} from "./hostile-corpus.js";

/** A frame every channel answers with one known error: the marker that what came before is done. */
const PROBE = { action: "fuzz_probe" };

/**
 * Every client action of the contract's frame union, on the chat, notification and announcement
 * sockets, with each field set to each hostile value: no internal failure, every error in the
 * contract's frame shape, refusals change nothing, and the socket stays open and answering.
 */
describe("socket frame fuzz", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let shipmentId: number;
  let ownMessage: number;
  let agentMessage: number;

  async function checksum(): Promise<string> {
    const tables = ["chat_messages", "chat_reactions", "chat_read_cursors", "notifications"];
    const union = tables
      .map((t) => `SELECT '${t}:' || t::text AS x FROM ${t} t`)
      .join(" UNION ALL ");
    const result = await ctx.app.database.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS sum FROM (${union}) s`),
    );
    return (result as unknown as { rows: Array<{ sum: string }> }).rows[0]?.sum ?? "";
  }

  const open = async (path: string, token?: string) => {
    const socket = await TestSocket.connect(baseUrl, path, { token });
    expect(socket.ws.readyState, path).toBe(socket.ws.OPEN);
    return socket;
  };

  beforeAll(async () => {
    // Production limits would refuse the thousands of frames below before parsing them.
    ctx = await buildTestApp(
      {},
      {
        gatewayLimits: {
          burst: 1_000_000,
          refillPerSecond: 1_000_000,
          maxDropped: 1_000_000,
          chatActionBurst: 1_000_000,
          chatActionsPerSecond: 1_000_000,
        },
      },
    );
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app);
    shipmentId = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
    const sellerChat = await open(`/ws/group-chat/${shipmentId}/`, seller.token);
    sellerChat.send({ action: "send_message", message: "Seller's first message" });
    ownMessage = (await sellerChat.next("message_sent")).data.id;
    sellerChat.close();
    const agentChat = await open(`/ws/group-chat/${shipmentId}/`, agent.token);
    agentChat.send({ action: "send_message", message: "Agent's message" });
    agentMessage = (await agentChat.next("message_sent")).data.id;
    agentChat.close();
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** One valid frame per action; the fuzz breaks one field at a time. */
  const baseFrames = (): Array<Record<string, unknown>> => [
    {
      action: "send_message",
      message: "hello",
      attachment: null,
      user_id: seller.id,
      sender_type: "Seller",
    },
    {
      action: "reply_to_thread",
      message: "a reply",
      attachment: null,
      user_id: seller.id,
      sender_type: "Seller",
      reply_to_id: ownMessage,
    },
    { action: "edit_message", message_id: ownMessage, new_content: "edited", user_id: seller.id },
    // Someone else's message: the refusal comes after parsing, and the fixture survives.
    { action: "delete_message", message_id: agentMessage, user_id: seller.id },
    { action: "add_reaction", message_id: ownMessage, reaction: "👍", user_id: seller.id },
    { action: "mark_read", shipment_id: shipmentId, user_id: seller.id },
    { action: "mark_notification_read", notification_id: 1, user_id: seller.id },
  ];

  /** Hostile frames as raw text: each field of each action, whole frames, duplicate keys. */
  function hostileFrames(): Array<{ label: string; text: string | Buffer }> {
    const frames: Array<{ label: string; text: string | Buffer }> = [];
    const fits = (text: string) => Buffer.byteLength(text) <= WS_MAX_PAYLOAD_BYTES;
    for (const base of baseFrames()) {
      for (const field of Object.keys(base)) {
        const values = [
          ...HOSTILE_TEXTS.map((t) => ({ name: t.name, json: JSON.stringify(t.value) })),
          ...HOSTILE_VALUES,
        ];
        for (const value of values) {
          const text = stringifyWith({ ...base, [field]: HOSTILE_PLACEHOLDER }, value.json);
          if (fits(text)) frames.push({ label: `${base.action} ${field}=${value.name}`, text });
        }
        const rest = { ...base };
        delete rest[field];
        for (const variant of rawJsonVariants(rest, field, "\u0000")) {
          frames.push({ label: `${base.action} ${variant.name}`, text: variant.text });
        }
      }
    }
    const wholeFrames = [
      ...HOSTILE_VALUES.map((v) => ({ name: v.name, text: v.json })),
      ...HOSTILE_TEXTS.map((t) => ({ name: `text ${t.name}`, text: t.value })),
      { name: "JSON of a text", text: JSON.stringify("\u0000") },
      { name: "__proto__ only", text: '{"__proto__":{"action":"send_message","message":"x"}}' },
    ];
    for (const whole of wholeFrames) {
      if (fits(whole.text)) frames.push({ label: `whole frame: ${whole.name}`, text: whole.text });
    }
    frames.push({ label: "binary frame", text: Buffer.from([0, 1, 2, 0xff]) });
    return frames;
  }

  const channels = () => [
    { name: "chat", path: `/ws/group-chat/${shipmentId}/`, token: seller.token },
    { name: "notifications", path: `/ws/notifications/${seller.id}/`, token: seller.token },
    { name: "announcements", path: "/ws/announcement/", token: undefined },
  ];

  it("answers every hostile frame on every channel without an internal failure", async () => {
    const failures: string[] = [];
    let sent = 0;
    let refusedFrames = 0;
    for (const channel of channels()) {
      const socket = await open(channel.path, channel.token);
      // Work started before this channel (the fixture's messages notify their readers after the
      // commit) finishes before the baseline, so it is not read as a refused frame's doing.
      await ctx.app.events.settle();
      let baseline = await checksum();
      for (const frame of hostileFrames()) {
        const from = socket.events.length;
        const before = baseline;
        socket.ws.send(frame.text, { binary: Buffer.isBuffer(frame.text) });
        socket.send(PROBE);
        sent += 1;
        const where = `${channel.name}: ${frame.label}`;
        try {
          await socket.until(() =>
            socket.events
              .slice(from)
              .some(
                (e) =>
                  e.event_type === "error" && e.data.message === realtimeMessages.unknownAction,
              ),
          );
        } catch {
          failures.push(`no answer after ${where} (close ${socket.closeCode})`);
          break;
        }
        const answers = socket.events.slice(from);
        // The probe's own answer is the last unknown-action error.
        const ownAnswers = answers.slice(0, answers.length - 1);
        for (const event of answers) {
          if (!serverEventSchema.safeParse(event).success) {
            failures.push(`frame outside the contract after ${where}: ${JSON.stringify(event)}`);
          }
          if (event.event_type === "error" && event.data.message === realtimeMessages.failed) {
            failures.push(`internal failure for ${where}`);
          }
        }
        await ctx.app.events.settle();
        const after = await checksum();
        if (ownAnswers.some((e) => e.event_type === "error")) {
          refusedFrames += 1;
          if (after !== before) failures.push(`refused frame changed the database: ${where}`);
        }
        baseline = after;
      }
      if (socket.closeCode !== null) failures.push(`${channel.name} socket closed`);
      socket.close();
    }
    console.info(`socket fuzz: ${sent} hostile frames, ${refusedFrames} refused`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1_500);
    expect(refusedFrames).toBeGreaterThan(sent / 2);
  }, 600_000);

  it("closes a socket on a 1 MB frame with 1009, and a new socket works", async () => {
    const socket = await open(`/ws/group-chat/${shipmentId}/`, seller.token);
    socket.send({ action: "send_message", message: "a".repeat(1_000_000) });
    expect(await socket.closed()).toBe(WS_CLOSE_CODES.messageTooBig);
    const again = await open(`/ws/group-chat/${shipmentId}/`, seller.token);
    again.send({ action: "send_message", message: "still here" });
    expect((await again.next("message_sent")).data.content).toBe("still here");
    again.close();
  });
});
