import { retryLoadShedding } from "./shed-retry.js";
import type { FastifyInstance, InjectOptions } from "fastify";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import { multipartBody } from "../profile-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../shipment-factories.js";
import { closeDueBidding } from "../../modules/shipments/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../app.js";

/** Who makes a request in the access matrix. */
export const ACTORS = [
  "anonymous",
  "otherSeller",
  "otherAgent",
  "loser",
  "seller",
  "winner",
  "admin",
] as const;
export type Actor = (typeof ACTORS)[number];

/** A product name no refusal body may ever contain. */
export const SECRET_PRODUCT = "Zyxwv Secret Lamp";

export interface World {
  users: Record<Exclude<Actor, "anonymous">, TestUser>;
  /** Bidding open; winner and loser have bid. */
  open: number;
  /** Window closed, winner's bid approved, awaiting the seller. */
  approved: number;
  approvedWinningQuotation: number;
  approvedLosingQuotation: number;
  /** A second approved shipment the seller accepts during the run. */
  approvedToAccept: number;
  approvedToAcceptQuotation: number;
  /** A third approved shipment whose seller picks the losing bid with a reason during the run. */
  approvedToAward: number;
  approvedToAwardLosingQuotation: number;
  /** A fourth approved shipment whose seller takes the next bid during the run. */
  approvedToPassOver: number;
  /** Accepted order: winner is the agent. */
  accepted: number;
  acceptedQuotation: number;
  /** The accepted order's first leg (one per Amazon destination), and its FC code. */
  acceptedLeg: number;
  acceptedLegCode: string;
  /** The accepted order's first package (carton group). */
  acceptedPackage: number;
  /** The winner's average cost to one FC. */
  averageCost: number;
  /** Accepted orders whose final amount is above the bid, awaiting the seller's answer. */
  chargedToAccept: number;
  chargedToDispute: number;
  /** A completed order whose final amount above the bid the seller disputed. */
  disputed: number;
  /** The seller's commercial invoice on the accepted order. */
  document: number;
  /** Windows closed without bids: the seller may reopen or cancel them. */
  noBidsToReopen: number;
  noBidsToCancel: number;
  /** A sample no agent has claimed yet. */
  sample: number;
  /** A sample the winner claimed, with the winner's attachment in its chat. */
  claimedSample: number;
  claimedSampleAttachment: number;
  attachment: number;
  /** The seller's message in the accepted order's chat. */
  chatMessage: number;
  notification: number;
  announcement: number;
  /** An announcement the admin removes in the matrix (the one above stays for the reads). */
  removableAnnouncement: number;
  warehouse: number;
}

export function headersFor(world: World, actor: Actor): Record<string, string> {
  return actor === "anonymous" ? {} : world.users[actor].auth;
}

async function closeWindow(app: FastifyInstance, id: number): Promise<void> {
  await endBiddingWindow(app, id);
  await closeDueBidding(app.database.db, app.events, new Date(), { shipmentId: id });
}

async function expectOk(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<Record<string, unknown>> {
  const response = await app.inject(options);
  if (response.statusCode >= 300) {
    throw new Error(`fixture call failed ${response.statusCode}: ${response.body}`);
  }
  return response.json().data as Record<string, unknown>;
}

/** Builds every object the matrix needs, through the real API wherever there is one. */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  const users = {
    seller: await createSeller(app),
    otherSeller: await createSeller(app),
    winner: await createShipper(app),
    loser: await createShipper(app),
    otherAgent: await createShipper(app),
    admin: await createAdmin(app),
  };
  const post = () => postShipment(app, users.seller, { product_name: SECRET_PRODUCT });
  const bidBoth = async (id: number) => ({
    win: await placeBid(app, users.winner, id, { pickup: 100, fast: 500 }),
    lose: await placeBid(app, users.loser, id, { pickup: 300, fast: 900 }),
  });

  const open = await post();
  await bidBoth(open);

  const approved = await post();
  const approvedBids = await bidBoth(approved);
  await closeWindow(app, approved);

  const approvedToAccept = await post();
  const toAcceptBids = await bidBoth(approvedToAccept);
  await closeWindow(app, approvedToAccept);

  const approvedToAward = await post();
  const toAwardBids = await bidBoth(approvedToAward);
  await closeWindow(app, approvedToAward);

  const approvedToPassOver = await post();
  await bidBoth(approvedToPassOver);
  await closeWindow(app, approvedToPassOver);

  const accepted = await post();
  const acceptedBids = await bidBoth(accepted);
  await closeWindow(app, accepted);
  await expectOk(app, {
    method: "PATCH",
    url: `/api/quotations/${acceptedBids.win}/`,
    headers: users.seller.auth,
    payload: { shipment_status: "Quotation Accepted" },
  });
  const [acceptedLeg] = (await expectOk(app, {
    method: "GET",
    url: `/api/shipments/${accepted}/legs/`,
    headers: users.seller.auth,
  })) as unknown as Array<{ id: number; fc_code: string }>;
  if (!acceptedLeg) throw new Error("the accepted order has no leg");
  const acceptedDetail = (await expectOk(app, {
    method: "GET",
    url: `/api/shipments/${accepted}/`,
    headers: users.seller.auth,
  })) as unknown as { packages: Array<{ id: number }> };
  const averageCost = await expectOk(app, {
    method: "POST",
    url: "/api/average-cost/",
    headers: users.winner.auth,
    payload: { warehouse_number: "TST1", slow_cost: "2", fast_cost: "3", air_cost: "5" },
  });
  const invoice = multipartBody(
    { type: "Commercial invoice" },
    {
      file: {
        filename: "secret-invoice.pdf",
        contentType: "application/pdf",
        bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
      },
    },
  );
  const document = await expectOk(app, {
    method: "POST",
    url: `/api/shipments/${accepted}/documents/`,
    headers: { ...users.seller.auth, ...invoice.headers },
    payload: invoice.payload,
  });

  // Orders whose agent set a final amount above the bid (600): the seller answers, an admin decides.
  const chargedOrder = async () => {
    const id = await post();
    const bids = await bidBoth(id);
    await closeWindow(app, id);
    await expectOk(app, {
      method: "PATCH",
      url: `/api/quotations/${bids.win}/`,
      headers: users.seller.auth,
      payload: { shipment_status: "Quotation Accepted" },
    });
    await expectOk(app, {
      method: "PATCH",
      url: `/api/shipments/${id}/`,
      headers: users.winner.auth,
      payload: {
        tracking_number: "123456789",
        final_amount: "780",
        variance_reason: "other",
        variance_note: "Pallets rebuilt",
      },
    });
    return id;
  };
  const chargedToAccept = await chargedOrder();
  const chargedToDispute = await chargedOrder();
  const disputed = await chargedOrder();
  await expectOk(app, {
    method: "PATCH",
    url: `/api/shipment-status-update/${disputed}/`,
    headers: users.winner.auth,
    payload: { status: "Shipment Completed" },
  });
  await expectOk(app, {
    method: "POST",
    url: `/api/shipments/${disputed}/charge-change/dispute`,
    headers: users.seller.auth,
    payload: { reason: "Nobody rebuilt any pallet" },
  });

  const noBidsToReopen = await post();
  await closeWindow(app, noBidsToReopen);
  const noBidsToCancel = await post();
  await closeWindow(app, noBidsToCancel);

  const sample = await expectOk(app, {
    method: "POST",
    url: "/api/sample-shipments/",
    headers: users.seller.auth,
    payload: { product_name: SECRET_PRODUCT, quantity: 2, address: "1 Hidden Road, Austin" },
  });

  const claimedSample = (await expectOk(app, {
    method: "POST",
    url: "/api/sample-shipments/",
    headers: users.seller.auth,
    payload: { product_name: SECRET_PRODUCT, quantity: 1, address: "2 Hidden Road, Austin" },
  })) as { id: number };
  await expectOk(app, {
    method: "POST",
    url: `/api/sample-shipments/${claimedSample.id}/claim/`,
    headers: users.winner.auth,
  });
  const winnerUpload = multipartBody(
    { file_size: "1 KB" },
    {
      attachment: {
        filename: "sample-label.pdf",
        contentType: "application/pdf",
        bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
      },
    },
  );
  const claimedSampleAttachment = await expectOk(app, {
    method: "POST",
    url: "/api/chat/attachment/",
    headers: { ...users.winner.auth, ...winnerUpload.headers },
    payload: winnerUpload.payload,
  });
  const winnerAuth = await app.authenticator.userFromToken(users.winner.token);
  if (!winnerAuth) throw new Error("winner token rejected");
  await servicesOf(app).chat.sendMessage(
    winnerAuth,
    { kind: "sample", id: claimedSample.id },
    {
      content: "Sample label",
      attachmentId: claimedSampleAttachment.id as number,
      replyToId: null,
    },
  );

  const upload = multipartBody(
    { file_size: "1 KB" },
    {
      attachment: {
        filename: "secret-invoice.pdf",
        contentType: "application/pdf",
        bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
      },
    },
  );
  const attachment = await expectOk(app, {
    method: "POST",
    url: "/api/chat/attachment/",
    headers: { ...users.seller.auth, ...upload.headers },
    payload: upload.payload,
  });

  // Sent in the accepted order's chat: from now on only that chat's parties may fetch it.
  const sellerAuth = await app.authenticator.userFromToken(users.seller.token);
  if (!sellerAuth) throw new Error("seller token rejected");
  const chatMessage = await servicesOf(app).chat.sendMessage(
    sellerAuth,
    { kind: "shipment", id: accepted },
    { content: "Invoice attached", attachmentId: attachment.id as number, replyToId: null },
  );

  const announcement = await expectOk(app, {
    method: "POST",
    url: "/api/v1/announcement/",
    headers: users.admin.auth,
    payload: { title: "Holiday hours", message: "Warehouses close early" },
  });

  const removableAnnouncement = await expectOk(app, {
    method: "POST",
    url: "/api/v1/announcement/",
    headers: users.admin.auth,
    payload: { title: "Short-lived", message: "To be removed" },
  });

  const warehouse = await expectOk(app, {
    method: "POST",
    url: "/api/admin/warehouses/",
    headers: users.admin.auth,
    payload: { code: "ZZQ1", country: "US", address: "1 Depot Road, Reno, NV" },
  });

  const notifications = (await expectOk(app, {
    method: "GET",
    url: "/api/chat/notifications/",
    headers: users.seller.auth,
  })) as unknown as Array<{ id: number }>;
  const notification = notifications[0]?.id;
  if (notification === undefined) throw new Error("the seller has no notification");

  return {
    users,
    open,
    approved,
    approvedWinningQuotation: approvedBids.win,
    approvedLosingQuotation: approvedBids.lose,
    approvedToAccept,
    approvedToAcceptQuotation: toAcceptBids.win,
    approvedToAward,
    approvedToAwardLosingQuotation: toAwardBids.lose,
    approvedToPassOver,
    accepted,
    acceptedQuotation: acceptedBids.win,
    acceptedLeg: acceptedLeg.id,
    acceptedLegCode: acceptedLeg.fc_code,
    acceptedPackage: acceptedDetail.packages[0]!.id,
    averageCost: averageCost.id as number,
    chargedToAccept,
    chargedToDispute,
    disputed,
    document: document.id as number,
    noBidsToReopen,
    noBidsToCancel,
    sample: sample.id as number,
    claimedSample: claimedSample.id,
    claimedSampleAttachment: claimedSampleAttachment.id as number,
    attachment: attachment.id as number,
    chatMessage: chatMessage.id,
    notification,
    announcement: announcement.id as number,
    removableAnnouncement: removableAnnouncement.id as number,
    warehouse: warehouse.id as number,
  };
}

/** A test app with the world built and listening on a loopback port (for its sockets). */
export async function openListeningWorld(): Promise<{ ctx: TestContext; world: World }> {
  const ctx = await buildTestApp();
  retryLoadShedding(ctx.app);
  const world = await buildWorld(ctx.app);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return { ctx, world };
}
