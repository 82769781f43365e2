import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../app.js";
import { TestSocket } from "../realtime-factories.js";
import { ACTORS, headersFor, openListeningWorld, type Actor, type World } from "./fixtures.js";
import type { Expectation } from "./access-matrix-kit.js";

describe("access-control matrix: sockets and sample claims", () => {
  let ctx: TestContext;
  let world: World;

  beforeAll(async () => {
    ({ ctx, world } = await openListeningWorld());
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("admits each socket channel only to the parties the spec names", async () => {
    const address = ctx.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const base = `http://127.0.0.1:${address.port}`;
    const party = (open: readonly Actor[], refused: number): Expectation =>
      Object.fromEntries(
        ACTORS.map((a) => [a, a === "anonymous" ? 4401 : open.includes(a) ? 0 : refused]),
      ) as Expectation;
    const joins: Array<[string, Expectation]> = [
      [`/ws/group-chat/${world.accepted}/`, party(["seller", "winner", "admin"], 4403)],
      [
        `/ws/sample-shipment-chat/${world.sample}/`,
        party(["seller", "winner", "loser", "otherAgent", "admin"], 4403),
      ],
      [
        `/ws/sample-shipment-chat/${world.claimedSample}/`,
        party(["seller", "winner", "admin"], 4403),
      ],
      [`/ws/notifications/${world.users.seller.id}/`, party(["seller"], 4403)],
      [`/ws/announcement/`, Object.fromEntries(ACTORS.map((a) => [a, 0])) as Expectation],
      [`/ws/group-chat/2147483000/`, party([], 4404)],
    ];
    const mismatches: string[] = [];
    let cases = 0;
    for (const [path, expected] of joins) {
      const sockets = await Promise.all(
        ACTORS.map((actor) =>
          TestSocket.connect(base, path, {
            token: actor === "anonymous" ? undefined : world.users[actor].token,
          }),
        ),
      );
      // Refusals arrive as a close right after the upgrade: before a ping's answer.
      await Promise.all(sockets.map((socket) => socket.roundTrip()));
      ACTORS.forEach((actor, i) => {
        cases += 1;
        const socket = sockets[i] as TestSocket;
        const want = expected[actor];
        const got = socket.closeCode ?? 0;
        if (got !== want) mismatches.push(`${path} as ${actor}: expected ${want}, got ${got}`);
        if (got !== 0 && socket.events.length > 0) {
          mismatches.push(
            `${path} as ${actor}: refused socket received ${socket.events.length} frames`,
          );
        }
        socket.close();
      });
    }
    expect(mismatches).toEqual([]);
    expect(cases).toBe(joins.length * ACTORS.length);

    // Actions: a party that is not the author may neither edit nor delete; ids in frames are not trusted.
    const winnerChat = await TestSocket.connect(base, `/ws/group-chat/${world.accepted}/`, {
      token: world.users.winner.token,
    });
    winnerChat.send({
      action: "edit_message",
      user_id: world.users.seller.id,
      message_id: world.chatMessage,
      new_content: "tampered",
    });
    await winnerChat.next("error");
    winnerChat.send({
      action: "delete_message",
      user_id: world.users.seller.id,
      message_id: world.chatMessage,
    });
    await winnerChat.until(() => winnerChat.count("error") >= 2);
    winnerChat.send({
      action: "send_message",
      message: "From the agent",
      user_id: world.users.seller.id,
      sender_type: "Seller",
      attachment: null,
    });
    const sent = await winnerChat.next("message_sent");
    expect(sent.data.sender.id).toBe(world.users.winner.id);
    expect(winnerChat.count("message_edited") + winnerChat.count("message_deleted")).toBe(0);

    // Reacting to and reading a message of a chat one is not in is impossible: the loser cannot join.
    const history = await ctx.app.inject({
      url: `/api/chat/messages/${world.accepted}/`,
      headers: world.users.seller.auth,
    });
    const original = (history.json().data.messages as Array<{ id: number; content: string }>).find(
      (m) => m.id === world.chatMessage,
    );
    expect(original?.content).toBe("Invoice attached");

    // Someone else's notification cannot be marked read through one's own socket.
    const winnerBell = await TestSocket.connect(
      base,
      `/ws/notifications/${world.users.winner.id}/`,
      {
        token: world.users.winner.token,
      },
    );
    await winnerBell.next("unread_count");
    winnerBell.send({
      action: "mark_notification_read",
      notification_id: world.notification,
      user_id: world.users.seller.id,
    });
    await winnerBell.next("error");
    const bell = await ctx.app.inject({
      url: "/api/chat/notifications/",
      headers: world.users.seller.auth,
    });
    const target = (bell.json().data as Array<{ id: number; is_read: boolean }>).find(
      (n) => n.id === world.notification,
    );
    expect(target?.is_read).toBe(false);
    expect(winnerBell.count("notification_read")).toBe(0);

    // A socket acts on its own chat only: the seller, author of the shipment chat's message, may
    // not edit, delete, react to or reply to it from the sample chat's socket.
    const sampleChat = await TestSocket.connect(base, `/ws/sample-shipment-chat/${world.sample}/`, {
      token: world.users.seller.token,
    });
    const foreign = world.chatMessage;
    sampleChat.send({ action: "edit_message", message_id: foreign, new_content: "moved" });
    sampleChat.send({ action: "delete_message", message_id: foreign });
    sampleChat.send({ action: "add_reaction", message_id: foreign, reaction: "👍" });
    sampleChat.send({ action: "reply_to_thread", reply_to_id: foreign, message: "Re: invoice" });
    await sampleChat.until(() => sampleChat.count("error") >= 4);
    expect(
      sampleChat.count("message_edited") +
        sampleChat.count("message_deleted") +
        sampleChat.count("reaction_added") +
        sampleChat.count("message_replied") +
        sampleChat.count("message_sent"),
    ).toBe(0);
    const after = await ctx.app.inject({
      url: `/api/chat/messages/${world.accepted}/`,
      headers: world.users.seller.auth,
    });
    const untouched = (
      after.json().data.messages as Array<{ id: number; content: string; reactions: unknown[] }>
    ).find((m) => m.id === foreign);
    expect(untouched?.content).toBe("Invoice attached");
    expect(untouched?.reactions).toEqual([]);
    const sampleHistory = await ctx.app.inject({
      url: `/api/chat/sample-shipment-messages/${world.sample}/`,
      headers: world.users.seller.auth,
    });
    expect(sampleHistory.json().data.messages).toEqual([]);
    winnerChat.close();
    winnerBell.close();
    sampleChat.close();
  }, 60_000);

  it("lets any agent act on an unclaimed sample, and only its claimer on a claimed one", async () => {
    const address = ctx.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const base = `http://127.0.0.1:${address.port}`;
    const mismatches: string[] = [];
    const check = (what: string, got: number, want: number) => {
      if (got !== want) mismatches.push(`${what}: expected ${want}, got ${got}`);
    };
    const claimedParties: readonly Actor[] = ["seller", "winner", "admin"];
    const signedIn = ACTORS.filter((a) => a !== "anonymous");

    // Claimed (by the winner): other agents may not read its history or files, nor complete it.
    for (const actor of signedIn) {
      const want = claimedParties.includes(actor) ? 200 : 403;
      for (const url of [
        `/api/chat/sample-shipment-messages/${world.claimedSample}/`,
        `/api/chat/attachment/${world.claimedSampleAttachment}/`,
        `/api/chat/attachment/${world.claimedSampleAttachment}/download/`,
      ]) {
        const response = await ctx.app.inject({ url, headers: headersFor(world, actor) });
        check(`GET ${url} as ${actor}`, response.statusCode, want);
        if (want === 403 && response.body.includes("Sample label")) {
          mismatches.push(`GET ${url} as ${actor}: refusal leaks the chat`);
        }
      }
    }
    for (const actor of ["loser", "otherAgent"] as const) {
      const response = await ctx.app.inject({
        method: "PATCH",
        url: `/api/status-update/${world.claimedSample}/`,
        headers: headersFor(world, actor),
        payload: { status: "Shipment Completed" },
      });
      check(`complete the claimed sample as ${actor}`, response.statusCode, 403);
    }

    // Unclaimed: every agent reads and joins; the first to post claims it and the others' open
    // sockets close without the message, after which they may neither post nor rejoin.
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/sample-shipments/",
      headers: world.users.seller.auth,
      payload: { product_name: "Open sample", quantity: 1, address: "3 Open Road, Austin" },
    });
    const openSample = created.json().data.id as number;
    const path = `/ws/sample-shipment-chat/${openSample}/`;
    const agents = ["winner", "loser", "otherAgent"] as const;
    for (const actor of agents) {
      const response = await ctx.app.inject({
        url: `/api/chat/sample-shipment-messages/${openSample}/`,
        headers: headersFor(world, actor),
      });
      check(`history of an unclaimed sample as ${actor}`, response.statusCode, 200);
    }
    const sockets = await Promise.all(
      agents.map((actor) => TestSocket.connect(base, path, { token: world.users[actor].token })),
    );
    const [winnerSocket, loserSocket, otherSocket] = sockets as [
      TestSocket,
      TestSocket,
      TestSocket,
    ];
    for (const [i, socket] of sockets.entries()) {
      check(`join an unclaimed sample as ${agents[i]}`, socket.closeCode ?? 0, 0);
    }
    otherSocket.send({ action: "send_message", message: "Taking this one" });
    await otherSocket.next("message_sent");
    check("winner socket after another agent claimed", await winnerSocket.closed(), 4403);
    check("loser socket after another agent claimed", await loserSocket.closed(), 4403);
    check(
      "frames the replaced agents received",
      winnerSocket.count("message_sent") + loserSocket.count("message_sent"),
      0,
    );
    const rejoin = await TestSocket.connect(base, path, { token: world.users.loser.token });
    check("rejoin a claimed sample as loser", await rejoin.closed(), 4403);
    for (const actor of ["winner", "loser"] as const) {
      const complete = await ctx.app.inject({
        method: "PATCH",
        url: `/api/status-update/${openSample}/`,
        headers: headersFor(world, actor),
        payload: { status: "Shipment Completed" },
      });
      check(`complete another agent's sample as ${actor}`, complete.statusCode, 403);
    }
    const history = await ctx.app.inject({
      url: `/api/chat/sample-shipment-messages/${openSample}/`,
      headers: world.users.seller.auth,
    });
    expect(history.json().data.messages).toHaveLength(1);
    otherSocket.close();
    expect(mismatches).toEqual([]);
  }, 60_000);
});
