import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatMessages as texts, realtimeMessages, type ChatMessage } from "@fba/contract";
import { type TestContext } from "../test/app.js";
import { createSeller, createShipper, type TestUser } from "../test/factories.js";
import { insertSample, insertShipment, setShipmentStatus } from "../test/realtime-factories.js";
import { bootChatApp, chatSockets } from "../test/chat-gateway-harness.js";

describe("chat over WebSockets", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let otherSeller: TestUser;
  let admin: TestUser;
  let shipmentId: number;
  const { open, chatPath } = chatSockets(() => ({ ctx, baseUrl }));

  beforeAll(async () => {
    ({ ctx, baseUrl, seller, agent, otherAgent, otherSeller, admin, shipmentId } =
      await bootChatApp());
  });
  afterAll(async () => ctx.close());

  describe("joining", () => {
    it("closes with 4401 without a token, with a bad token and with an expired token", async () => {
      expect(await (await open(chatPath(shipmentId))).closed()).toBe(4401);
      expect(await (await open(chatPath(shipmentId), "not-a-jwt")).closed()).toBe(4401);
      const expired = await ctx.app.tokens.signAccess({ userId: seller.id, group: "Seller" }, -10);
      expect(await (await open(chatPath(shipmentId), expired)).closed()).toBe(4401);
    });

    it("closes with 4404 for an unknown shipment and 4403 for someone who is not a party", async () => {
      expect(await (await open(chatPath(999_999), seller)).closed()).toBe(4404);
      expect(await (await open(chatPath(shipmentId), otherAgent)).closed()).toBe(4403);
      expect(await (await open(chatPath(shipmentId), otherSeller)).closed()).toBe(4403);
    });

    it("refuses a browser origin that is not ours before upgrading", async () => {
      const socket = await open(chatPath(shipmentId), seller, { origin: "https://evil.example" });
      expect(socket.closeCode).toBe(403);
      const ours = await open(chatPath(shipmentId), seller, { origin: ctx.config.PUBLIC_URL });
      expect(ours.ws.readyState).toBe(ours.ws.OPEN);
      const sameHost = await open(chatPath(shipmentId), seller, { origin: baseUrl });
      expect(sameHost.ws.readyState).toBe(sameHost.ws.OPEN);
    });

    it("closes the socket with 4401 when its token, naming no session, expires", async () => {
      const shortLived = await ctx.app.tokens.signAccess({ userId: seller.id, group: "Seller" }, 2);
      const socket = await open(chatPath(shipmentId), shortLived);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      expect(await socket.closed()).toBe(4401);
    });

    it("closes every socket of a user with 4401 the moment an admin disables the account", async () => {
      const doomed = await createSeller(ctx.app);
      const order = await insertShipment(ctx.app, { sellerId: doomed.id, agentId: agent.id });
      const sample = await insertSample(ctx.app, doomed.id);
      const theirs = [
        await open(chatPath(order.id), doomed),
        await open(`/ws/sample-shipment-chat/${sample.id}/`, doomed),
        await open(`/ws/notifications/${doomed.id}/`, doomed),
        await open("/ws/announcement/", doomed),
      ];
      const agentSocket = await open(chatPath(order.id), agent);
      expect(theirs.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);

      const disable = await ctx.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${doomed.id}/`,
        headers: admin.auth,
        payload: { is_active: false },
      });
      expect(disable.statusCode).toBe(200);
      for (const socket of theirs) expect(await socket.closed()).toBe(4401);

      // Everyone else stays connected, and the account's token no longer opens a socket.
      agentSocket.send({ action: "send_message", message: "still here" });
      expect((await agentSocket.next("message_sent")).data.content).toBe("still here");
      expect(await (await open(chatPath(order.id), doomed)).closed()).toBe(4401);
    });

    // PostgreSQL only: the chat lookup is held by a table lock while the token check has passed
    // (PGlite runs one query at a time, so the disable itself would wait behind the lock).
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      "refuses a chat upgrade whose check was under way when the account was disabled",
      async () => {
        const doomed = await createShipper(ctx.app);
        const order = await insertShipment(ctx.app, { sellerId: seller.id, agentId: doomed.id });
        const db = ctx.app.database.db;
        let release: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const lock = db.transaction(async (tx) => {
          await tx.execute(sql`lock table shipments in access exclusive mode`);
          await gate;
        });
        /** Locks on the shipments table of this database, held or waited for. */
        const locks = async (granted: boolean) => {
          const result = await db.execute(
            sql`select count(*)::int as n from pg_locks
                where database = (select oid from pg_database where datname = current_database())
                  and relation = 'shipments'::regclass and granted = ${granted}`,
          );
          return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
        };
        const until = async (check: () => Promise<boolean>) => {
          await vi.waitFor(async () => expect(await check()).toBe(true), {
            timeout: 10_000,
            interval: 10,
          });
        };
        try {
          await until(async () => (await locks(true)) > 0);
          const connecting = [open(chatPath(order.id), doomed), open(chatPath(order.id), doomed)];
          await until(async () => (await locks(false)) >= 2);

          const disable = await ctx.app.inject({
            method: "PATCH",
            url: `/api/admin/users/${doomed.id}/`,
            headers: admin.auth,
            payload: { is_active: false },
          });
          expect(disable.statusCode).toBe(200);
          release();
          await lock;
          for (const socket of await Promise.all(connecting)) {
            expect(await socket.closed()).toBe(4401);
          }
        } finally {
          release();
          await lock;
        }
      },
    );

    it("leaves the sockets of a user who is re-enabled, not disabled, alone", async () => {
      const kept = await createSeller(ctx.app);
      const bell = await open(`/ws/notifications/${kept.id}/`, kept);
      await bell.next("unread_count");
      const enable = await ctx.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${kept.id}/`,
        headers: admin.auth,
        payload: { is_active: true },
      });
      expect(enable.statusCode).toBe(200);
      bell.send({ action: "mark_notification_read", notification_id: 999_999 });
      await bell.next("error");
      expect(bell.ws.readyState).toBe(bell.ws.OPEN);
    });

    it("admits the seller, the winning agent and an admin", async () => {
      for (const user of [seller, agent, admin]) {
        const socket = await open(chatPath(shipmentId), user);
        expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      }
    });
  });

  describe("messages", () => {
    it("stores, then delivers a message to every party, ignoring the claimed user and type", async () => {
      const sellerSocket = await open(chatPath(shipmentId), seller);
      const agentSocket = await open(chatPath(shipmentId), agent);
      const adminSocket = await open(chatPath(shipmentId), admin);
      sellerSocket.send({
        action: "send_message",
        message: "  Hello agent  ",
        user_id: String(admin.id),
        sender_type: "Admin",
        attachment: null,
      });
      const received = await agentSocket.next("message_sent");
      const message = received.data;
      expect(message).toMatchObject({
        content: "Hello agent",
        sender_type: "Seller",
        sender: { id: seller.id, first_name: "Sally", last_name: "Seller" },
        edited_at: null,
        attachment: null,
        parent: null,
        reactions: [],
        read_by: [seller.id],
        is_read: false,
      });
      expect((await sellerSocket.next("message_sent")).data.id).toBe(message.id);
      expect((await adminSocket.next("message_sent")).data.id).toBe(message.id);

      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}`,
        headers: agent.auth,
      });
      expect(history.statusCode).toBe(200);
      const stored = history.json().data.messages as ChatMessage[];
      expect(stored.at(-1)).toEqual(message);
    });

    it("quotes the parent in a reply", async () => {
      const sellerSocket = await open(chatPath(shipmentId), seller);
      const agentSocket = await open(chatPath(shipmentId), agent);
      sellerSocket.send({ action: "send_message", message: "Question?" });
      const question = (await agentSocket.next("message_sent")).data;
      agentSocket.send({
        action: "reply_to_thread",
        message: "Answer",
        reply_to_id: String(question.id),
      });
      const reply = (await sellerSocket.next("message_replied")).data;
      expect(reply.content).toBe("Answer");
      expect(reply.parent).toMatchObject({ id: question.id, content: "Question?", parent: null });
    });

    it("answers a bad frame with an error event and keeps the socket open", async () => {
      const socket = await open(chatPath(shipmentId), seller);
      socket.send("not json");
      expect((await socket.next("error")).data.message).toBe(realtimeMessages.invalidJson);
      socket.send({ action: "launch_rockets" });
      await socket.until(() => socket.count("error") >= 2);
      expect(socket.events.at(-1)).toEqual({
        event_type: "error",
        data: { message: realtimeMessages.unknownAction },
      });
      socket.send({ action: "edit_message", message_id: "abc", new_content: "x" });
      await socket.until(() => socket.count("error") >= 3);
      expect(socket.events.at(-1)?.data).toEqual({ message: "message_id: Must be a number" });
      socket.send({ action: "send_message", message: "   " });
      await socket.until(() => socket.count("error") >= 4);
      // A refused action names itself, so the client can tell which of its frames failed.
      expect(socket.events.at(-1)?.data).toEqual({
        message: texts.messageRequired,
        action: "send_message",
      });
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    });

    it("refuses to send before the order is accepted and after it is completed; history stays", async () => {
      const pending = await insertShipment(ctx.app, {
        sellerId: seller.id,
        agentId: agent.id,
        status: "Quotation Approved",
      });
      const socket = await open(chatPath(pending.id), seller);
      socket.send({ action: "send_message", message: "too early" });
      expect((await socket.next("error")).data.message).toBe(texts.chatClosed);

      await setShipmentStatus(ctx.app, pending.id, "Quotation Accepted");
      socket.send({ action: "send_message", message: "now" });
      await socket.next("message_sent");
      await setShipmentStatus(ctx.app, pending.id, "Shipment Completed");
      socket.send({ action: "send_message", message: "too late" });
      await socket.until(() => socket.count("error") >= 2);
      expect(socket.events.at(-1)?.data).toMatchObject({ message: texts.chatClosed });

      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${pending.id}/`,
        headers: seller.auth,
      });
      expect(history.json().data.messages.map((m: ChatMessage) => m.content)).toEqual(["now"]);
    });

    it("stores a message sent again with its client_id once and answers only the sender", async () => {
      const order = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
      const agentSocket = await open(chatPath(order.id), agent);
      const first = await open(chatPath(order.id), seller);
      const clientId = "c1d2e3f4-0000-4000-8000-000000000001";
      first.send({ action: "send_message", message: "Pickup at 9", client_id: clientId });
      const sent = (await first.next("message_sent")).data;
      expect(sent).toMatchObject({ content: "Pickup at 9", client_id: clientId });
      expect((await agentSocket.next("message_sent")).data.id).toBe(sent.id);

      // The connection dropped before the answer: the same frame again, on a new socket.
      first.close();
      const again = await open(chatPath(order.id), seller);
      again.send({ action: "send_message", message: "Pickup at 9", client_id: clientId });
      expect((await again.next("message_sent")).data).toEqual(sent);
      // A reply replays as a reply; a later message shows the agent heard nothing in between.
      const replyId = "c1d2e3f4-0000-4000-8000-000000000002";
      const reply = { action: "reply_to_thread", message: "And 10?", reply_to_id: sent.id };
      again.send({ ...reply, client_id: replyId });
      const replied = (await again.next("message_replied")).data;
      again.send({ ...reply, client_id: replyId });
      await again.until(() => again.count("message_replied") >= 2);
      expect(again.events.at(-1)).toEqual({ event_type: "message_replied", data: replied });
      again.send({ action: "send_message", message: "marker" });
      await agentSocket.until(() =>
        agentSocket.events.some(
          (e) => e.event_type === "message_sent" && e.data.content === "marker",
        ),
      );
      expect(agentSocket.count("message_sent")).toBe(2);
      expect(agentSocket.count("message_replied")).toBe(1);

      // Once the chat is closed a late retry still learns that its message arrived.
      await setShipmentStatus(ctx.app, order.id, "Shipment Completed");
      again.send({ action: "send_message", message: "Pickup at 9", client_id: clientId });
      await again.until(() => again.count("message_sent") >= 3);
      expect(again.events.at(-1)).toEqual({ event_type: "message_sent", data: sent });

      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${order.id}/`,
        headers: seller.auth,
      });
      expect(history.json().data.messages.map((m: ChatMessage) => m.content)).toEqual([
        "Pickup at 9",
        "And 10?",
        "marker",
      ]);
    });

    it("keeps client_ids per sender and chat, and names the client_id of a refused send", async () => {
      const order = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
      const other = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
      const clientId = "c1d2e3f4-0000-4000-8000-000000000003";
      const sellerSocket = await open(chatPath(order.id), seller);
      const agentSocket = await open(chatPath(order.id), agent);
      sellerSocket.send({ action: "send_message", message: "mine", client_id: clientId });
      await sellerSocket.next("message_sent");
      // Another sender's client_id is theirs alone.
      agentSocket.send({ action: "send_message", message: "theirs", client_id: clientId });
      await agentSocket.until(() =>
        agentSocket.events.some(
          (e) => e.event_type === "message_sent" && e.data.content === "theirs",
        ),
      );
      // The same sender cannot reuse it in another chat.
      const elsewhere = await open(chatPath(other.id), seller);
      elsewhere.send({ action: "send_message", message: "elsewhere", client_id: clientId });
      expect((await elsewhere.next("error")).data).toEqual({
        message: texts.clientIdUsed,
        action: "send_message",
        client_id: clientId,
      });
      elsewhere.send({ action: "send_message", message: "  ", client_id: "c1d2e3f4-blank" });
      await elsewhere.until(() => elsewhere.count("error") >= 2);
      expect(elsewhere.events.at(-1)?.data).toEqual({
        message: texts.messageRequired,
        action: "send_message",
        client_id: "c1d2e3f4-blank",
      });
      elsewhere.send({ action: "send_message", message: "x", client_id: "bad id" });
      await elsewhere.until(() => elsewhere.count("error") >= 3);
      expect(elsewhere.events.at(-1)?.data).toEqual({
        message: expect.stringMatching(/^client_id: /),
      });

      const contents = async (id: number) =>
        (
          await ctx.app.inject({
            method: "GET",
            url: `/api/chat/messages/${id}/`,
            headers: seller.auth,
          })
        )
          .json()
          .data.messages.map((m: ChatMessage) => m.content);
      expect(await contents(order.id)).toEqual(["mine", "theirs"]);
      expect(await contents(other.id)).toEqual([]);
    });

    it("keeps chats apart: a message in another shipment never reaches this room", async () => {
      const other = await insertShipment(ctx.app, { sellerId: seller.id, agentId: otherAgent.id });
      const here = await open(chatPath(shipmentId), agent);
      const there = await open(chatPath(other.id), seller);
      there.send({ action: "send_message", message: "private" });
      await there.next("message_sent");
      here.send({ action: "send_message", message: "ping" });
      await here.next("message_sent");
      expect(
        here.events.some((e) => e.event_type === "message_sent" && e.data.content === "private"),
      ).toBe(false);
    });
  });

  describe("edits, deletes, reactions and read receipts", () => {
    // A fresh pair and order: the tests above spent the pair's chat budget (20, then 2 a second),
    // and on a fast machine too little of it has come back by now.
    beforeAll(async () => {
      seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
      agent = await createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" });
      shipmentId = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
    });

    it("lets the author edit and delete until another party reads, then refuses", async () => {
      const sellerSocket = await open(chatPath(shipmentId), seller);
      const agentSocket = await open(chatPath(shipmentId), agent);
      sellerSocket.send({ action: "send_message", message: "draft" });
      const draft = (await agentSocket.next("message_sent")).data;

      agentSocket.send({ action: "edit_message", message_id: draft.id, new_content: "hijack" });
      expect((await agentSocket.next("error")).data.message).toBe(texts.notAuthor);

      sellerSocket.send({
        action: "edit_message",
        message_id: draft.id,
        new_content: "final",
        user_id: 1,
      });
      const edited = (await agentSocket.next("message_edited")).data;
      expect(edited).toMatchObject({ id: draft.id, content: "final" });
      expect(edited.edited_at).not.toBeNull();

      const before = agentSocket.events.length;
      agentSocket.send({ action: "mark_read", shipment_id: shipmentId, user_id: agent.id });
      expect((await sellerSocket.next("message_read")).data).toEqual({ user: agent.id });
      agentSocket.send({ action: "mark_read", shipment_id: shipmentId });
      agentSocket.send({ action: "send_message", message: "sync" });
      await agentSocket.next("message_sent", before);
      expect(sellerSocket.count("message_read")).toBe(1); // the duplicate changed nothing

      sellerSocket.send({ action: "edit_message", message_id: draft.id, new_content: "again" });
      expect((await sellerSocket.next("error")).data).toEqual({
        message: texts.alreadyRead,
        action: "edit_message",
        message_id: draft.id,
      });
      sellerSocket.send({ action: "delete_message", message_id: String(draft.id) });
      await sellerSocket.until(() => sellerSocket.count("error") >= 2);
      expect(sellerSocket.events.at(-1)?.data).toEqual({
        message: texts.alreadyRead,
        action: "delete_message",
        message_id: draft.id,
      });

      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}?after_id=${draft.id - 1}`,
        headers: seller.auth,
      });
      const stored = (history.json().data.messages as ChatMessage[]).find((m) => m.id === draft.id);
      expect(stored?.read_by.sort()).toEqual([seller.id, agent.id].sort());
      expect(stored?.is_read).toBe(true);
    });

    it("deletes an unread message for everyone", async () => {
      const sellerSocket = await open(chatPath(shipmentId), seller);
      const agentSocket = await open(chatPath(shipmentId), agent);
      agentSocket.send({ action: "send_message", message: "oops" });
      const oops = (await sellerSocket.next("message_sent")).data;
      agentSocket.send({ action: "delete_message", message_id: String(oops.id) });
      expect((await sellerSocket.next("message_deleted")).data).toEqual({ id: oops.id });
      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}`,
        headers: seller.auth,
      });
      expect(history.json().data.messages.some((m: ChatMessage) => m.id === oops.id)).toBe(false);
    });

    it("keeps one reaction per user per message, changeable", async () => {
      const sellerSocket = await open(chatPath(shipmentId), seller);
      const agentSocket = await open(chatPath(shipmentId), agent);
      sellerSocket.send({ action: "send_message", message: "react to me" });
      const target = (await agentSocket.next("message_sent")).data;
      agentSocket.send({ action: "add_reaction", message_id: target.id, reaction: "👍" });
      expect((await sellerSocket.next("reaction_added")).data).toEqual({
        message: target.id,
        user: { id: agent.id, first_name: "Andy", last_name: "Agent" },
        reaction: "👍",
      });
      agentSocket.send({ action: "add_reaction", message_id: target.id, reaction: "🎉" });
      await sellerSocket.until(() => sellerSocket.count("reaction_added") >= 2);
      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/messages/${shipmentId}`,
        headers: seller.auth,
      });
      const stored = (history.json().data.messages as ChatMessage[]).find(
        (m) => m.id === target.id,
      );
      expect(stored?.reactions).toEqual([
        {
          message: target.id,
          user: { id: agent.id, first_name: "Andy", last_name: "Agent" },
          reaction: "🎉",
        },
      ]);
      agentSocket.send({ action: "add_reaction", message_id: 999_999, reaction: "👍" });
      expect((await agentSocket.next("error")).data.message).toBe(texts.messageNotFound);
    });
  });
});
