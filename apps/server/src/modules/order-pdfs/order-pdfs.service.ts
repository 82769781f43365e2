import {
  amountOfCents,
  centsOf,
  defaultService,
  sumCents,
  orderPdfFileName,
  orderPdfMessages,
  shipmentMessages,
  TRACKING_CARRIER_LABELS,
  type ChargeChangeAction,
  type ChargeChangeStatus,
  type DecisionOutcome,
  type OrderPdf as OrderPdfKind,
  type StoredVarianceReason,
  type TrackingCarrier,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { localeOf } from "../../lib/i18n/locale.js";
import type { AuthUser } from "../../lib/principal.js";
import {
  eventsOf as chargeEventsOf,
  findChargeChange,
  findOrderDocument,
} from "../charge-changes/index.js";
import { effectiveEvents, isOrder, orderParty, withSupersededBy } from "../legs/index.js";
import { downloadName } from "../documents/index.js";
import { eventsOf as legEventsOf, legsOf } from "../legs/index.js";
import type { OrderPdf } from "./order-pdf.js";
import { pdfTexts, type PdfTexts } from "./pdf-texts.js";
import {
  orderRecord,
  userLocale,
  packageLines,
  type OrderRecord,
  type Person,
} from "./order-pdfs.repository.js";

export interface OrderPdfDeps {
  db: Db;
  now?: () => Date;
}

export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

const name = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

/** The PDF writer (pdfkit and its fonts) loads with the first PDF asked for, not at start. */
const loadOrderPdf = () => import("./order-pdf.js");

/** The accepted bid: the service bought (the seller's choice, else the one its total prices). */
function acceptedBid(bid: NonNullable<OrderRecord["bid"]>) {
  const service =
    bid.acceptedService ??
    defaultService({
      pickup_amount: bid.pickupAmount,
      fast_amount: bid.fastAmount,
      normal_amount: bid.normalAmount,
    });
  const serviceAmount =
    service === "fast" ? bid.fastAmount : service === "normal" ? bid.normalAmount : null;
  const total =
    serviceAmount === null
      ? amountOfCents(centsOf(bid.totalAmount))
      : amountOfCents(sumCents([centsOf(bid.pickupAmount), centsOf(serviceAmount)]));
  return { service, serviceAmount, total };
}

/**
 * The order's PDFs for its parties: the confirmation once the seller accepted a bid, the final
 * statement once the order is completed. Built on each request from the order as it stands.
 */
export class OrderPdfService {
  constructor(private readonly deps: OrderPdfDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  private async orderFor(user: AuthUser, shipmentId: number): Promise<OrderRecord> {
    const order = await orderRecord(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    if (!orderParty(user, order)) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    return order;
  }

  async pdf(user: AuthUser, shipmentId: number, kind: OrderPdfKind): Promise<PdfFile> {
    const order = await this.orderFor(user, shipmentId);
    if (!isOrder(order) || !order.bid || !order.agent) {
      throw AppError.conflict(orderPdfMessages.confirmationNotReady);
    }
    if (kind === "statement" && order.status !== "Shipment Completed") {
      throw AppError.conflict(orderPdfMessages.statementNotReady);
    }
    // In the language of the one who asks for it (their stored choice).
    const texts = pdfTexts(localeOf(await userLocale(this.deps.db, user.id)));
    const bytes =
      kind === "confirmation"
        ? await this.confirmation(order, texts)
        : await this.statement(order, texts);
    return { fileName: orderPdfFileName(order.id, kind), bytes };
  }

  /** The order's parts every PDF opens with. */
  private header(
    order: OrderRecord,
    pdf: OrderPdf,
    t: PdfTexts,
    extra: Array<[string, string | null]>,
  ): void {
    const bid = order.bid!;
    const l = t.labels;
    pdf
      .section(l.order)
      .lines([
        [l.orderNumber, `#${order.id}`],
        [l.product, order.productName],
        [l.bookingReference, order.bookingReference],
        [l.readyDate, t.calendarDay(order.readyDate)],
        [l.pickupAddress, order.pickupAddress],
        [l.supplierContact, order.supplierContact],
        [l.acceptedOn, t.day(bid.acceptedAt)],
        ...extra,
      ]);
    for (const [title, person] of [
      [l.seller, order.seller],
      [l.agent, order.agent!],
    ] as const) {
      pdf.section(title).lines([
        [l.name, name(person)],
        [l.company, person.companyName],
        [l.email, person.email],
      ]);
    }
  }

  private footer(t: PdfTexts): string {
    return t.footer(t.day(this.now()));
  }

  private async confirmation(order: OrderRecord, t: PdfTexts): Promise<Buffer> {
    const { OrderPdf } = await loadOrderPdf();
    const l = t.labels;
    const usd = (amount: string | null) => (amount === null ? null : t.money(amount));
    const pdf = new OrderPdf(t.title("confirmation"), t.subject(order.id, order.productName), {
      separator: t.separator,
    });
    this.header(order, pdf, t, [[l.status, t.status(order.status)]]);
    const packages = await packageLines(this.deps.db, order.id);
    pdf.section(l.cargo).table(
      [l.amazonDestination, l.cartons, l.chargeableWeight],
      packages.map((line) => [
        line.deliveryLocation,
        String(line.cartons),
        // eslint-disable-next-line no-restricted-syntax -- a weight in kg, not money
        Number(line.chargeableWeight).toFixed(2),
      ]),
      ["*", 70, 130],
    );
    const bid = acceptedBid(order.bid!);
    pdf.section(l.acceptedBid).lines([
      [l.service, bid.service ? t.serviceName(bid.service) : null],
      [l.pickup, usd(order.bid!.pickupAmount)],
      [t.freight(bid.service), usd(bid.serviceAmount)],
      [l.bidTotal, t.money(bid.total)],
    ]);
    return pdf.finish(this.footer(t));
  }

  private async statement(order: OrderRecord, t: PdfTexts): Promise<Buffer> {
    const db = this.deps.db;
    const { OrderPdf } = await loadOrderPdf();
    const l = t.labels;
    const usd = (amount: string | null) => (amount === null ? null : t.money(amount));
    const pdf = new OrderPdf(t.title("statement"), t.subject(order.id, order.productName), {
      separator: t.separator,
    });
    const carrier = order.trackingCarrier
      ? TRACKING_CARRIER_LABELS[order.trackingCarrier as TrackingCarrier]
      : undefined;
    this.header(order, pdf, t, [
      [l.completedOn, order.completedAt ? t.day(order.completedAt) : null],
      ...completionLines(order, t),
      [
        l.trackingNumber,
        order.trackingNumber && `${order.trackingNumber}${carrier ? ` (${carrier})` : ""}`,
      ],
    ]);

    const bid = acceptedBid(order.bid!);
    const change = await findChargeChange(db, order.id);
    const live = change && change.status !== "withdrawn" ? change : undefined;
    const amounts: Array<[string, string | null]> = [[l.acceptedBidTotal, t.money(bid.total)]];
    if (live) {
      const status = live.status as ChargeChangeStatus;
      const reason = t.varianceReason(live.reason as StoredVarianceReason);
      const difference = amountOfCents(centsOf(live.finalAmount) - centsOf(live.bidTotal));
      const evidence =
        live.evidenceDocumentId === null
          ? undefined
          : await findOrderDocument(db, order.id, live.evidenceDocumentId);
      amounts.push(
        [l.finalAmountByAgent, t.money(live.finalAmount)],
        [l.aboveBidBy, t.money(difference)],
        [l.reason, live.note ? t.reasonWithNote(reason, live.note) : reason],
        [
          l.evidence,
          evidence
            ? t.evidence(downloadName(evidence), t.documentType(evidence.type))
            : l.noneAttached,
        ],
        [l.sellerAnswer, t.chargeStatus(status)],
        [l.dispute, live.disputeReason],
      );
      if (live.decisionOutcome && live.agreedAmount) {
        amounts.push(
          [l.decision, t.decision(live.decisionOutcome as DecisionOutcome)],
          [l.decidedAmount, t.money(live.agreedAmount)],
          [l.decisionNote, live.decisionNote],
        );
      }
    }
    const due = usd(order.finalAmount);
    amounts.push([l.amountDue, due && live?.status === "pending" ? t.awaitingAnswer(due) : due]);
    pdf.section(l.amounts).lines(amounts);

    if (change) {
      const history = await chargeEventsOf(db, change.id);
      pdf.section(l.changes).table(
        [l.date, l.step, l.by, l.from, l.to],
        history.map((event) => [
          t.day(event.createdAt),
          t.chargeAction(event.action as ChargeChangeAction),
          `${event.actor.firstName} ${event.actor.lastName}`,
          usd(event.oldAmount) ?? "",
          usd(event.newAmount) ?? "",
        ]),
        [70, "*", 120, 75, 75],
      );
    }

    const legs = await legsOf(db, order.id);
    const history = withSupersededBy(
      await legEventsOf(
        db,
        legs.map((leg) => leg.id),
      ),
    );
    pdf.section(l.deliveries).table(
      [l.destinationFc, l.cartons, l.fbaShipmentId, l.deliveredTo, l.deliveredOn],
      legs.map((leg) => {
        const delivered = effectiveEvents(history.filter((event) => event.legId === leg.id)).find(
          (event) => event.milestone === "delivered",
        );
        return [
          leg.fcName ? `${leg.fcCode} - ${leg.fcName}` : leg.fcCode,
          String(leg.cartons),
          leg.fbaShipmentId ?? "",
          delivered?.deliveredFcCode ?? l.notDelivered,
          delivered ? t.day(delivered.occurredAt) : "",
        ];
      }),
      ["*", 55, 110, 80, 80],
    );
    return pdf.finish(this.footer(t));
  }
}

/** A completion with destinations not delivered: which ones (as they stood) and the agent's reason. */
function completionLines(order: OrderRecord, t: PdfTexts): Array<[string, string | null]> {
  if (!order.completionUndelivered?.length) return [];
  return [
    [t.labels.completedUndelivered, t.undelivered(order.completionUndelivered)],
    [t.labels.completionReason, order.completionReason ?? t.labels.noneGiven],
  ];
}
