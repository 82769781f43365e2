import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import type { ServerEvent, ShipmentStatus } from "@fba/contract";
import { quotations, sampleShipments, shipments } from "../db/schema/index.js";

/** A shipment row in a given state; with an agent, that agent's bid is the winning quotation. */
export async function insertShipment(
  app: FastifyInstance,
  options: { sellerId: number; status?: ShipmentStatus; agentId?: number; productName?: string },
): Promise<{ id: number; quotationId: number | null }> {
  const db = app.database.db;
  const [shipment] = await db
    .insert(shipments)
    .values({
      sellerId: options.sellerId,
      status: options.status ?? "Quotation Accepted",
      freightBookingReferenceNumber: `REF-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
      shipmentReadyDate: "2026-12-01",
      supplierContactName: "Supplier",
      supplierContactPhone: "+15555550100",
      productName: options.productName ?? "Desk lamps",
      mainCompetitorAsin: "B000000000",
      pickupFullAddress: "1 Main St, Springfield, IL 62701, USA",
      compliance: ["No, my shipment does not contain any of the goods listed"],
      detailedProductDescription: "Lamps",
      biddingEndsAt: new Date(Date.now() - 1000),
    })
    .returning({ id: shipments.id });
  if (!shipment) throw new Error("shipment insert failed");
  if (options.agentId === undefined) return { id: shipment.id, quotationId: null };
  const [quotation] = await db
    .insert(quotations)
    .values({
      shipmentId: shipment.id,
      agentId: options.agentId,
      pickupAmount: "100.00",
      fastAmount: "50.00",
      normalAmount: "40.00",
      totalAmount: "140.00",
      isAccepted: options.status === "Quotation Accepted" ? true : null,
    })
    .returning({ id: quotations.id });
  if (!quotation) throw new Error("quotation insert failed");
  await db
    .update(shipments)
    .set({ winningQuotationId: quotation.id, quotationCount: 1 })
    .where(eq(shipments.id, shipment.id));
  return { id: shipment.id, quotationId: quotation.id };
}

export async function setShipmentStatus(
  app: FastifyInstance,
  shipmentId: number,
  status: ShipmentStatus,
): Promise<void> {
  await app.database.db.update(shipments).set({ status }).where(eq(shipments.id, shipmentId));
}

export async function insertSample(
  app: FastifyInstance,
  sellerId: number,
  productName = "Sample mugs",
): Promise<{ id: number }> {
  const [row] = await app.database.db
    .insert(sampleShipments)
    .values({ sellerId, productName, quantity: 3, address: "1 Sample Way" })
    .returning({ id: sampleShipments.id });
  if (!row) throw new Error("sample insert failed");
  return row;
}

/** A real WebSocket client that records every frame and close, with helpers to wait for them. */
export class TestSocket {
  readonly events: ServerEvent[] = [];
  closeCode: number | null = null;
  closeReason = "";
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.events.push(JSON.parse(data.toString()) as ServerEvent);
      this.wake();
    });
    ws.on("close", (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
      this.wake();
    });
    ws.on("error", () => this.wake());
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Connects; resolves once open or closed (refusals arrive as a close right after open). */
  static async connect(
    baseUrl: string,
    path: string,
    options: { token?: string; headers?: Record<string, string> } = {},
  ): Promise<TestSocket> {
    const url = new URL(path, baseUrl.replace(/^http/, "ws"));
    if (options.token !== undefined) url.searchParams.set("token", options.token);
    const ws = new WebSocket(url, { headers: options.headers });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve) => {
      ws.once("open", () => resolve());
      ws.once("close", () => resolve());
      ws.once("unexpected-response", (_req, res) => {
        socket.closeCode = res.statusCode ?? -1;
        resolve();
      });
      ws.once("error", () => resolve());
    });
    return socket;
  }

  /**
   * Resolves once the server answered a ping on this socket, or the socket closed. Frames keep
   * their order on a socket, so every frame the server wrote to it before has arrived by then.
   */
  roundTrip(): Promise<void> {
    const { readyState } = this.ws;
    // Never opened (refused before the upgrade) or already closed: nothing more will come.
    if (readyState === WebSocket.CONNECTING || readyState === WebSocket.CLOSED) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        this.ws.off("pong", done);
        this.ws.off("close", done);
        resolve();
      };
      this.ws.on("pong", done);
      this.ws.on("close", done);
      // A closing socket cannot be pinged (the callback gets an error): its close ends the wait.
      if (readyState === WebSocket.OPEN) this.ws.ping(undefined, undefined, () => undefined);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  async until<T>(predicate: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = predicate();
      if (value) return value;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out; events: ${JSON.stringify(this.events).slice(0, 2000)} close: ${this.closeCode}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next event of a type after `from` events (default: any so far). */
  next<T extends ServerEvent["event_type"]>(
    type: T,
    from = 0,
  ): Promise<Extract<ServerEvent, { event_type: T }>> {
    return this.until(
      () =>
        this.events.slice(from).find((e) => e.event_type === type) as
          Extract<ServerEvent, { event_type: T }> | undefined,
    );
  }

  count(type: ServerEvent["event_type"]): number {
    return this.events.filter((e) => e.event_type === type).length;
  }

  closed(): Promise<number> {
    return this.until(() => (this.closeCode !== null ? this.closeCode : undefined));
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close();
    }
  }
}
