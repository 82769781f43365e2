import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatMessages as texts, realtimeMessages, type ChatMessage } from "@fba/contract";
import { type TestContext } from "../test/app.js";
import { createSeller, createShipper, type TestUser } from "../test/factories.js";
import { insertSample, insertShipment, TestSocket } from "../test/realtime-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../test/shipment-factories.js";
import { closeDueBidding } from "../modules/shipments/index.js";
import { rooms } from "./hub.js";
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
  const { open, chatPath, fewerThan } = chatSockets(() => ({ ctx, baseUrl }));

  beforeAll(async () => {
    ({ ctx, baseUrl, seller, agent, otherAgent, otherSeller, admin, shipmentId } =
      await bootChatApp());
  });
  afterAll(async () => ctx.close());

  describe("abuse", () => {
    it("closes with 1009 on a frame over 64 KiB", async () => {
      const socket = await open(chatPath(shipmentId), seller);
      socket.send({ action: "send_message", message: "x".repeat(70 * 1024) });
      expect(await socket.closed()).toBe(1009);
    });

    it("closes a user's 21st simultaneous socket with 1008", async () => {
      const many: TestSocket[] = [];
      for (let i = 0; i < 20; i++) many.push(await open(`/ws/notifications/${agent.id}/`, agent));
      expect(many.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
      const extra = await open(`/ws/notifications/${agent.id}/`, agent);
      expect(await extra.closed()).toBe(1008);
      many[0]?.close();
      await many[0]?.closed();
      await fewerThan(20, rooms.user(agent.id), agent.id);
      const replacement = await open(`/ws/notifications/${agent.id}/`, agent);
      expect(replacement.ws.readyState).toBe(replacement.ws.OPEN);
    });

    it("closes the 21st anonymous announcement socket from one IP with 1008", async () => {
      const many: TestSocket[] = [];
      for (let i = 0; i < 20; i++) many.push(await open("/ws/announcement/"));
      expect(many.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
      expect(await (await open("/ws/announcement/")).closed()).toBe(1008);
      // A stale token is anonymous too; a forwarded-for header is ignored without TRUST_PROXY.
      expect(await (await open("/ws/announcement/", "not-a-jwt")).closed()).toBe(1008);
      const forwarded = await open("/ws/announcement/", undefined, {
        "x-forwarded-for": "203.0.113.7",
      });
      expect(await forwarded.closed()).toBe(1008);
      // A signed-in user counts against their own cap, not the IP's.
      const signedIn = await open("/ws/announcement/", seller);
      expect(signedIn.ws.readyState).toBe(signedIn.ws.OPEN);

      many[0]?.close();
      await many[0]?.closed();
      await fewerThan(20, rooms.announcements, null);
      const replacement = await open("/ws/announcement/");
      expect(replacement.ws.readyState).toBe(replacement.ws.OPEN);
    });

    it("closes a user's 6th socket on one chat with 1008, leaving other channels open", async () => {
      const many: TestSocket[] = [];
      for (let i = 0; i < 5; i++) many.push(await open(chatPath(shipmentId), agent));
      expect(many.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
      expect(await (await open(chatPath(shipmentId), agent)).closed()).toBe(1008);
      const bell = await open(`/ws/notifications/${agent.id}/`, agent);
      await bell.next("unread_count");
      expect(bell.closeCode).toBeNull();
      many[0]?.close();
      await many[0]?.closed();
      await fewerThan(5, rooms.shipment(shipmentId), agent.id);
      const replacement = await open(chatPath(shipmentId), agent);
      expect(replacement.ws.readyState).toBe(replacement.ws.OPEN);
    });

    it("draws every socket of a user on one chat budget: a burst, then the error event", async () => {
      const talker = await createSeller(ctx.app);
      const listener = await createShipper(ctx.app);
      const { id } = await insertShipment(ctx.app, { sellerId: talker.id, agentId: listener.id });
      const many: TestSocket[] = [];
      for (let i = 0; i < 5; i++) many.push(await open(chatPath(id), talker));
      const watcher = await open(chatPath(id), listener);
      // The clock stands still, so the budget cannot refill while the flood is under way.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
      try {
        for (const socket of many) {
          for (let i = 0; i < 10; i++) socket.send({ action: "send_message", message: `m${i}` });
        }
        const refused = () =>
          many.reduce(
            (sum, socket) =>
              sum +
              socket.events.filter(
                (e) => e.event_type === "error" && e.data.message === realtimeMessages.rateLimited,
              ).length,
            0,
          );
        await watcher.until(() => watcher.count("message_sent") + refused() >= 50);
        expect(watcher.count("message_sent")).toBe(20);
        expect(refused()).toBe(30);
        // Reading is not a chat action: it still goes through.
        many[0]?.send({ action: "mark_read" });
        expect((await watcher.next("message_read")).data).toEqual({ user: talker.id });
      } finally {
        vi.useRealTimers();
      }
      const history = await ctx.app.inject({
        url: `/api/chat/messages/${id}/`,
        headers: listener.auth,
      });
      expect(history.json().data.messages).toHaveLength(20);
      expect(many.every((socket) => socket.closeCode === null)).toBe(true);
    });

    it("answers a flood with error events, then closes it with 1008", async () => {
      const socket = await open(chatPath(shipmentId), seller);
      for (let i = 0; i < 200; i++) socket.send({ action: "mark_read" });
      expect(await socket.closed()).toBe(1008);
      expect(
        socket.events.some(
          (e) => e.event_type === "error" && e.data.message === realtimeMessages.rateLimited,
        ),
      ).toBe(true);
    });
  });

  describe("party changes", () => {
    /** A shipment whose window closed with `agent` winning over `otherAgent`. */
    const approvedShipment = async () => {
      const id = await postShipment(ctx.app, seller);
      const win = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 500 });
      const lose = await placeBid(ctx.app, otherAgent, id, { pickup: 300, fast: 900 });
      await endBiddingWindow(ctx.app, id);
      await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
      return { id, win, lose };
    };

    it("closes a replaced winner's socket with 4403; it receives nothing said afterwards", async () => {
      const { id, lose } = await approvedShipment();
      const replaced = await open(chatPath(id), agent);
      const sellerSocket = await open(chatPath(id), seller);
      expect(replaced.closeCode).toBeNull();
      const change = await ctx.app.inject({
        method: "POST",
        url: `/api/admin/shipments/${id}/winner/`,
        headers: admin.auth,
        payload: { quotation_id: lose },
      });
      expect(change.statusCode).toBe(200);
      expect(await replaced.closed()).toBe(4403);
      expect(replaced.closeReason).toBe("No longer a party to this chat");

      const accept = await ctx.app.inject({
        method: "PATCH",
        url: `/api/quotations/${lose}/`,
        headers: seller.auth,
        payload: { shipment_status: "Quotation Accepted" },
      });
      expect(accept.statusCode).toBe(200);
      const newWinner = await open(chatPath(id), otherAgent);
      newWinner.send({ action: "send_message", message: "New agent here" });
      await sellerSocket.next("message_sent");
      expect(replaced.events).toEqual([]);
      expect(sellerSocket.closeCode).toBeNull();
      expect(await (await open(chatPath(id), agent)).closed()).toBe(4403);
    });

    it("keeps the agent's socket (read-only) when the seller declines or cancels the winning bid", async () => {
      for (const cancel of [false, true]) {
        const { id, win } = await approvedShipment();
        if (cancel) {
          const accepted = await ctx.app.inject({
            method: "PATCH",
            url: `/api/quotations/${win}/`,
            headers: seller.auth,
            payload: { shipment_status: "Quotation Accepted" },
          });
          expect(accepted.statusCode).toBe(200);
        }
        const agentSocket = await open(chatPath(id), agent);
        const sellerSocket = await open(chatPath(id), seller);
        const decision = await ctx.app.inject({
          method: "PATCH",
          url: `/api/quotations/${win}/`,
          headers: seller.auth,
          payload: cancel
            ? { is_accepted: false, cancel_reason: "Found another carrier" }
            : {
                shipment_status: "Shipment Cancelled",
                is_accepted: false,
                cancel_reason: "Too dear",
              },
        });
        expect(decision.statusCode).toBe(200);
        // Still a party, so the socket answers; the closed chat refuses the message.
        agentSocket.send({ action: "send_message", message: "Are you sure?" });
        await agentSocket.next("error");
        expect(agentSocket.closeCode).toBeNull();
        expect(sellerSocket.closeCode).toBeNull();
        expect(sellerSocket.count("message_sent")).toBe(0);
      }
    });
  });

  describe("sample shipment chat", () => {
    it("admits the seller, any agent and admins; refuses other sellers", async () => {
      const sample = await insertSample(ctx.app, seller.id);
      const path = `/ws/sample-shipment-chat/${sample.id}/`;
      expect(await (await open(path, otherSeller)).closed()).toBe(4403);
      expect(await (await open(`/ws/sample-shipment-chat/987654/`, seller)).closed()).toBe(4404);
      const sellerSocket = await open(path, seller);
      const agentSocket = await open(path, otherAgent);
      agentSocket.send({ action: "send_message", message: "Samples ship Monday" });
      const message = (await sellerSocket.next("message_sent")).data;
      expect(message.sender_type).toBe("Shipper");
      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/sample-shipment-messages/${sample.id}/`,
        headers: seller.auth,
      });
      expect(history.statusCode).toBe(200);
      expect(history.json().data).toMatchObject({
        messages: [{ id: message.id, content: "Samples ship Monday" }],
        seller: { id: seller.id, first_name: "Sally", last_name: "Seller", image: null },
        shipper: { id: otherAgent.id },
        admin: { id: 0, first_name: "" },
      });
    });

    it("refuses new messages, edits and reactions once the sample is completed; history stays", async () => {
      // Users of their own: the file's other tests spend the shared users' chat budgets.
      const seller = await createSeller(ctx.app);
      const agent = await createShipper(ctx.app);
      const sample = await insertSample(ctx.app, seller.id);
      const path = `/ws/sample-shipment-chat/${sample.id}/`;
      const sellerSocket = await open(path, seller);
      const agentSocket = await open(path, agent);
      sellerSocket.send({ action: "send_message", message: "Before" });
      const before = (await agentSocket.next("message_sent")).data;

      const complete = await ctx.app.inject({
        method: "PATCH",
        url: `/api/status-update/${sample.id}/`,
        headers: agent.auth,
        payload: { status: "Shipment Completed" },
      });
      expect(complete.statusCode).toBe(200);

      sellerSocket.send({ action: "send_message", message: "After" });
      expect((await sellerSocket.next("error")).data.message).toBe(texts.chatClosed);
      sellerSocket.send({ action: "edit_message", message_id: before.id, new_content: "Changed" });
      await sellerSocket.until(() => sellerSocket.count("error") >= 2);
      expect(sellerSocket.events.at(-1)?.data).toMatchObject({ message: texts.chatClosed });
      agentSocket.send({ action: "add_reaction", message_id: before.id, reaction: "👍" });
      expect((await agentSocket.next("error")).data.message).toBe(texts.chatClosed);
      agentSocket.send({ action: "delete_message", message_id: before.id });
      await agentSocket.until(() => agentSocket.count("error") >= 2);
      expect(agentSocket.events.at(-1)?.data).toMatchObject({ message: texts.chatClosed });
      // Reading stays possible.
      agentSocket.send({ action: "mark_read" });
      expect((await sellerSocket.next("message_read")).data).toEqual({ user: agent.id });

      const history = await ctx.app.inject({
        method: "GET",
        url: `/api/chat/sample-shipment-messages/${sample.id}/`,
        headers: seller.auth,
      });
      const messages = history.json().data.messages as ChatMessage[];
      expect(messages.map((m) => [m.content, m.reactions.length])).toEqual([["Before", 0]]);
    });
  });
});
