import {
  centsToAmount,
  roundCents,
  sumCents,
  type CreateInvoiceInput,
  type Invoice,
  type WarehouseRow,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/principal.js";
import { findInvoice, upsertInvoice, type InvoiceRow } from "./invoices.repository.js";
import type { WarehouseRowService } from "./warehouse-rows.service.js";

/** Text with 2 decimals as whole cents (hundredths); "" is 0. */
const hundredths = (value: string) => (value === "" ? 0 : roundCents(value));
const asMoney = centsToAmount;

/** Weight × price per kg + extra fee + pick-up fee − discount, in exact cents. */
function lineAmount(row: WarehouseRow): number {
  const freight = Math.round(
    (hundredths(row.chargeable_weight) * hundredths(row.unit_price)) / 100,
  );
  return sumCents([
    freight,
    hundredths(row.extra_fee),
    hundredths(row.pick_up_fee),
    -hundredths(row.discount),
  ]);
}

function present(invoice: InvoiceRow, rows: WarehouseRow[]): Invoice {
  const lines = rows.map((row) => ({
    warehouse_code: row.warehouse_code,
    chargeable_weight: row.chargeable_weight,
    unit_price: row.unit_price,
    extra_fee: row.extra_fee,
    pick_up_fee: row.pick_up_fee,
    discount: row.discount,
    amount: asMoney(lineAmount(row)),
  }));
  return {
    id: invoice.id,
    shipment: { id: invoice.shipmentId },
    user: {
      first_name: invoice.firstName,
      email: invoice.email,
      profile: { company_name: invoice.companyName, phone: invoice.phone },
    },
    pickup_location: {
      street_address: invoice.streetAddress,
      full_address: invoice.fullAddress,
      city: invoice.city,
      state: invoice.state,
      country: invoice.country,
      zip_code: invoice.zipCode,
    },
    lines,
    total: asMoney(sumCents(rows.map(lineAmount))),
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

/**
 * The customer invoice of an order (I1-I2): whom it bills, as the winning agent (or an admin)
 * confirmed it, and its lines, which are the order's warehouse rows' charges.
 */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    private readonly rows: WarehouseRowService,
  ) {}

  /** I1: the order's invoice once issued (none before), for its seller, agent and admins. */
  async list(user: AuthUser, shipmentId: number): Promise<Invoice[]> {
    const rows = await this.rows.list(user, shipmentId);
    const invoice = await findInvoice(this.db, shipmentId);
    return invoice ? [present(invoice, rows)] : [];
  }

  /** I2: issues (or reissues) the invoice; it always bills the order's seller. */
  async create(user: AuthUser, input: CreateInvoiceInput): Promise<Invoice> {
    await this.rows.assertAgentOf(user, input.shipment);
    const { pickup_location: place, user: billed } = input;
    await upsertInvoice(this.db, input.shipment, user.id, {
      firstName: billed.first_name,
      email: billed.email,
      companyName: billed.profile.company_name ?? null,
      phone: billed.profile.phone ?? null,
      streetAddress: place.street_address ?? null,
      city: place.city ?? null,
      state: place.state ?? null,
      country: place.country ?? null,
      zipCode: place.zip_code ?? null,
      fullAddress: place.full_address,
    });
    const [invoice] = await this.list(user, input.shipment);
    return invoice!;
  }
}
