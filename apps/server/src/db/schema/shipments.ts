import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { oneOf, STORED_STATES } from "./states.js";
import { users } from "./users.js";

/**
 * The trigram (GIN) indexes' pending list: rows written since its last merge, which every search
 * through the index reads in full. PostgreSQL's default of 4 MB let it hold thousands of rows
 * between vacuums (a search for a term nothing holds read 200-350 pages, 3-8 ms); at 256 kB a
 * search reads at most 32 pages, and a write that fills it merges it then.
 */
const TRIGRAM_INDEX_OPTIONS = { gin_pending_list_limit: 256 };

/** Amazon fulfilment centres offered as destinations; admins can extend and disable them. */
export const warehouses = pgTable(
  "warehouses",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    country: text("country").notNull(),
    name: text("name"),
    address: text("address").notNull(),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    type: text("type"),
    port: text("port"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("warehouses_code_country_idx").on(t.code, t.country)],
);

export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    status: text("status").notNull().default("Shipment Pending"),
    freightBookingReferenceNumber: text("freight_booking_reference_number").notNull(),
    shipmentReadyDate: date("shipment_ready_date", { mode: "string" }).notNull(),
    supplierContactName: text("supplier_contact_name").notNull(),
    supplierContactPhone: text("supplier_contact_phone").notNull(),
    productName: text("product_name").notNull(),
    mainCompetitorAsin: text("main_competitor_asin").notNull(),
    pickupFullAddress: text("pickup_full_address").notNull(),
    pickupStreetAddress: text("pickup_street_address"),
    pickupCity: text("pickup_city"),
    pickupState: text("pickup_state"),
    pickupCountry: text("pickup_country"),
    pickupZipCode: text("pickup_zip_code"),
    pickupLatitude: doublePrecision("pickup_latitude"),
    pickupLongitude: doublePrecision("pickup_longitude"),
    pickupPlaceId: text("pickup_place_id"),
    compliance: jsonb("compliance").$type<string[]>().notNull(),
    detailedProductDescription: text("detailed_product_description").notNull(),
    additionalNotes: text("additional_notes"),
    contactFirstName: text("contact_first_name"),
    contactLastName: text("contact_last_name"),
    contactEmail: text("contact_email"),
    biddingEndsAt: timestamp("bidding_ends_at", { withTimezone: true }).notNull(),
    /** When the window's end was judged (a winner chosen, or the seller told nobody bid). */
    biddingClosedAt: timestamp("bidding_closed_at", { withTimezone: true }),
    // No action on delete: a quotation goes only with its shipment (cascade), never while it wins.
    winningQuotationId: integer("winning_quotation_id").references(
      (): AnyPgColumn => quotations.id,
    ),
    /** The agent of the winning quotation, kept beside it so access checks and lists need no join. */
    winnerAgentId: integer("winner_agent_id").references(() => users.id),
    /**
     * Why the seller took another bid than the lowest total (an AWARD_REASONS code, with text for
     * "other"); null while the winner is the spec's automatic one.
     */
    awardReason: text("award_reason"),
    awardReasonText: text("award_reason_text"),
    quotationCount: integer("quotation_count").notNull().default(0),
    trackingNumber: text("tracking_number"),
    trackingLink: text("tracking_link"),
    /** The tracking number's carrier (a TRACKING_CARRIERS code), detected or picked by the agent. */
    trackingCarrier: text("tracking_carrier"),
    finalAmount: numeric("final_amount", { precision: 14, scale: 2 }),
    cancelReason: text("cancel_reason"),
    /** When the winning agent marked the order complete (a dispute window runs from it). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The destinations (FC and milestone) not delivered when the order was completed, or null
     * when every one was (and for orders completed before this was kept); with the agent's reason
     * when our web app completed it (the spec's call gives none).
     */
    completionUndelivered:
      jsonb("completion_undelivered").$type<Array<{ fc_code: string; milestone: string }>>(),
    completionReason: text("completion_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The shipment's last change other than a bid (a bid moves only `updated_at`): what an agent
     * is shown as `updated_at` while bidding is open, so others' bids stay unseen. Null on rows
     * not changed since it was added: their creation time stands in.
     */
    changedAt: timestamp("changed_at", { withTimezone: true }),
    /**
     * What list searches match: product name, reference and pickup address, lower-cased, kept by
     * PostgreSQL. The lists' busiest indexes carry it, so a search walking one of them checks each
     * entry in the index instead of visiting the table.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(product_name || ' ' || freight_booking_reference_number || ' ' || pickup_full_address)`,
    ),
    /**
     * What a list search for a destination matches: the packages' delivery locations, lower-cased,
     * one per line in package order. Kept by triggers on shipment_packages (migration 0034), so
     * every writer keeps it; a new shipment's insert sets it as they would, so they leave it be.
     * The list indexes carry it beside the search text, so a search for a common FC ("ONT8")
     * checks each entry of the list's index instead of each row's packages.
     */
    destinations: text("destinations"),
  },
  (t) => [
    check("shipments_status_check", oneOf(t.status, STORED_STATES.shipmentStatus)),
    // A seller's shipments, newest first: their list is an index-only walk back from the newest
    // that checks each status in the index and stops after the page, however many the seller
    // has; their counts by status (the dashboard) read the same entries. It carries the search
    // text, so a seller's search checks their own entries, however large the table grows,
    // instead of the whole table's trigrams.
    index("shipments_seller_list_idx").on(
      t.sellerId,
      t.createdAt,
      t.id,
      t.status,
      t.searchText,
      t.destinations,
    ),
    // A seller's windows still taking bids, by deadline: the ones due are settled before their
    // list is read, in an index-only scan of the few past their deadline.
    index("shipments_seller_open_idx")
      .on(t.sellerId, t.biddingEndsAt, t.id, t.status, t.biddingClosedAt)
      .where(sql`${t.status} in ('Shipment Pending', 'Quotation Received')`),
    index("shipments_status_bidding_idx").on(t.status, t.biddingEndsAt),
    // A search matching few rows finds them by trigram; one matching many walks a list index
    // below, whose last column is the search text (a filter checked without visiting the table).
    // New entries wait in a pending list that every search reads in full until it is merged
    // (at the limit, or by vacuum): kept to 256 kB instead of 4 MB (TRIGRAM_INDEX_OPTIONS).
    index("shipments_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with(TRIGRAM_INDEX_OPTIONS),
    // The search text without its spaces, for a term of several words: PostgreSQL's trigrams are
    // each word's own, so "mug 12" looked up in the text above finds every text holding "mug" and
    // a word beginning "12" (6,905 at 1,000,000 shipments, for 336 holding the term); without the
    // spaces, "mug12" has trigrams across the words (the 336 alone).
    index("shipments_search_joined_trgm_idx")
      .using("gin", sql`replace(${t.searchText}, ' ', '') gin_trgm_ops`)
      .with(TRIGRAM_INDEX_OPTIONS),
    // A destination matching few shipments ("SBD1" when few go there) is found by its trigrams.
    index("shipments_destinations_trgm_idx")
      .using("gin", sql`${t.destinations} gin_trgm_ops`)
      .with(TRIGRAM_INDEX_OPTIONS),
    // The same for the shipments in the open list's statuses, which the agents search: its
    // posting lists hold only those, so a search of the open list reads none of the trigrams of
    // the shipments that have moved on (booked, completed, cancelled), the bulk of the history.
    index("shipments_open_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with(TRIGRAM_INDEX_OPTIONS)
      .where(sql`${t.status} in ('Shipment Pending', 'Quotation Received')`),
    // List orders (the id breaks ties), so a page of ids is an index-only walk that stops after
    // it and a count stops at the cap (see listShipments). A trailing column the list filters on
    // (the open list's deadline, the admin's status filter) is checked in the index too.
    // The agents' open list: shipments still taking bids, soonest deadline first...
    index("shipments_open_list_idx")
      .on(t.biddingEndsAt, t.id, t.searchText, t.destinations)
      .where(sql`${t.status} in ('Shipment Pending', 'Quotation Received')`),
    // ...or by product or shipment date.
    index("shipments_open_product_idx")
      .on(t.productName, t.id, t.biddingEndsAt)
      .where(sql`${t.status} in ('Shipment Pending', 'Quotation Received')`),
    index("shipments_open_ready_date_idx")
      .on(t.shipmentReadyDate, t.id, t.biddingEndsAt)
      .where(sql`${t.status} in ('Shipment Pending', 'Quotation Received')`),
    // Windows that ended without bids and whose seller has not been told yet.
    index("shipments_unjudged_pending_idx")
      .on(t.biddingEndsAt)
      .where(sql`${t.status} = 'Shipment Pending' and ${t.biddingClosedAt} is null`),
    index("shipments_winner_status_idx").on(t.winnerAgentId, t.status, t.createdAt),
    // The admin's list of every shipment, newest first or by product or shipment date.
    index("shipments_created_list_idx").on(
      t.createdAt,
      t.id,
      t.status,
      t.searchText,
      t.destinations,
    ),
    index("shipments_product_idx").on(t.productName, t.id, t.status),
    index("shipments_ready_date_idx").on(t.shipmentReadyDate, t.id, t.status),
  ],
);

export const shipmentPackages = pgTable(
  "shipment_packages",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    lengthCm: numeric("length_cm", { precision: 10, scale: 2 }).notNull(),
    widthCm: numeric("width_cm", { precision: 10, scale: 2 }).notNull(),
    heightCm: numeric("height_cm", { precision: 10, scale: 2 }).notNull(),
    weightPerCartonKg: numeric("weight_per_carton_kg", { precision: 10, scale: 2 }).notNull(),
    totalCostOfGoods: numeric("total_cost_of_goods", { precision: 14, scale: 2 }).notNull(),
    numberOfCartons: integer("number_of_cartons").notNull(),
    deliveryLocation: text("delivery_location").notNull(),
    chargeableWeight: numeric("chargeable_weight", { precision: 14, scale: 2 }).notNull(),
    trackingNumber: text("tracking_number"),
    trackingLink: text("tracking_link"),
    /** The seller's FBA shipment ID for this destination, copied to its leg on acceptance. */
    fbaShipmentId: text("fba_shipment_id"),
  },
  (t) => [index("shipment_packages_shipment_idx").on(t.shipmentId, t.position)],
);

export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => users.id),
    pickupAmount: numeric("pickup_amount", { precision: 14, scale: 2 }).notNull(),
    fastAmount: numeric("fast_amount", { precision: 14, scale: 2 }),
    normalAmount: numeric("normal_amount", { precision: 14, scale: 2 }),
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull(),
    isAccepted: boolean("is_accepted"),
    /** The service the seller chose on accepting; null: the one `totalAmount` prices. */
    acceptedService: text("accepted_service", { enum: ["fast", "normal"] }),
    cancelReason: text("cancel_reason"),
    /**
     * The quotation's details, all null for a bid sent without them (the spec's three amounts
     * only): per offered service its type (a SERVICE_TYPES code) and transit range in days, what
     * the price includes (QUOTE_INCLUSIONS codes), until when it holds, and a note.
     */
    fastServiceType: text("fast_service_type"),
    fastTransitMinDays: integer("fast_transit_min_days"),
    fastTransitMaxDays: integer("fast_transit_max_days"),
    normalServiceType: text("normal_service_type"),
    normalTransitMinDays: integer("normal_transit_min_days"),
    normalTransitMaxDays: integer("normal_transit_max_days"),
    inclusions: jsonb("inclusions").$type<string[]>(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    note: text("note"),
    /** When the seller asked the agent to re-confirm an expired quote; null once answered. */
    reconfirmRequestedAt: timestamp("reconfirm_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Seconds from the shipment's posting to this bid, for the agent's scorecard (its median
     * response time). Set by the database on insert (trigger `quotations_response_seconds`,
     * migration 0031), whoever inserts; never written by the application.
     */
    responseSeconds: doublePrecision("response_seconds"),
  },
  (t) => [
    check(
      "quotations_fast_transit_range",
      sql`${t.fastTransitMinDays} is null or ${t.fastTransitMaxDays} >= ${t.fastTransitMinDays}`,
    ),
    check(
      "quotations_normal_transit_range",
      sql`${t.normalTransitMinDays} is null or ${t.normalTransitMaxDays} >= ${t.normalTransitMinDays}`,
    ),
    uniqueIndex("quotations_shipment_agent_idx").on(t.shipmentId, t.agentId),
    // An agent's bids, newest first, with the shipment each is on: their bid history is read from
    // here alone (index only), in its own order or to be joined and sorted by a shipment's column.
    index("quotations_agent_bids_idx").on(t.agentId, t.createdAt, t.shipmentId),
    // A scorecard's median response time reads one agent's bids from here alone (index only).
    index("quotations_agent_response_idx").on(t.agentId, t.responseSeconds),
    index("quotations_shipment_total_idx").on(t.shipmentId, t.totalAmount, t.createdAt),
    check(
      "quotations_accepted_service",
      sql`${t.acceptedService} is null or ${t.acceptedService} in ('fast', 'normal')`,
    ),
  ],
);
