import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as contract from "./index.js";
import { isAllowedText, stripDisallowedText, text, textMessages } from "./text.js";

/**
 * Schemas of what the server sends (responses, frames it emits, envelopes). Every other exported
 * schema describes input, so a new input schema is checked without being listed anywhere.
 */
const OUTPUT_SCHEMAS = new Set([
  "announcementRemovalSchema",
  "meSchema",
  "parkedEventsSchema",
  "publicSettingsSchema",
  "sellerActiveListRowSchema",
  "recoveryFailuresSchema",
  "sentMessageEventSchema",
  "adminUserSchema",
  "legSchema",
  "differentFcSchema",
  "deliveryProofSchema",
  "orderDocumentSchema",
  "milestoneEventSchema",
  "chargeEvidenceSchema",
  "chargeChangeEventSchema",
  "chargeChangeSchema",
  "disputeRowSchema",
  "adminDashboardSchema",
  "announcementSchema",
  "userSchema",
  "authResultSchema",
  "tokenPairSchema",
  "otpSentSchema",
  "otpVerifiedSchema",
  "chatUserSchema",
  "chatPartySchema",
  "chatAttachmentSchema",
  "chatReactionSchema",
  "chatParentMessageSchema",
  "chatMessageSchema",
  "chatHistorySchema",
  "paginationOptionSchema",
  "fieldErrorSchema",
  "errorBodySchema",
  "moneySchema",
  "notificationSchema",
  "placeSchema",
  "warehouseSchema",
  "updateProfileResultSchema",
  "serverEventSchema",
  "sampleShipmentSellerSchema",
  "sampleClaimAgentSchema",
  "sampleClaimSchema",
  "sampleShipmentSchema",
  "pickupLocationSchema",
  "packageSchema",
  "shipmentSellerSchema",
  "quotationUserSchema",
  "quotationSchema",
  "quotationOrEmptySchema",
  "quotationServiceDetailsSchema",
  "quotationDetailsSchema",
  "comparisonAgentSchema",
  "comparisonBidSchema",
  "awardSchema",
  "comparisonSchema",
  "shipmentDetailSchema",
  "shipmentListRowSchema",
  "quotationHistoryRowSchema",
  "sellerDashboardSchema",
  "averageCostSchema",
  "averageCostEstimateSchema",
  "warehouseRowSchema",
  "packageTrackingSchema",
  "invoiceLineSchema",
  "invoiceSchema",
  "sellerShipmentDetailSchema",
  "subScoresSchema",
  "scorecardSummarySchema",
  "agentProfileSchema",
  "agentRatingSchema",
  "shipmentRatingSchema",
  "shipmentRatingOrEmptySchema",
  "sellerAnalyticsSchema",
  "agentAnalyticsSchema",
  "adminAnalyticsSchema",
]);

const HOSTILE = ["a\u0000b", "\u0007", "x\u001bx", "a\u007fb", "\ud800", "b\udc00", "\udc00\ud800"];

interface Leaf {
  path: string;
  schema: z.ZodType;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every string schema reachable from a schema, through wrappers, pipes, unions and containers. */
function stringLeaves(schema: z.ZodType, path: string, out: Leaf[], seen: Set<unknown>): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, suffix = "") =>
    stringLeaves(child as z.ZodType, `${path}${suffix}`, out, seen);
  switch (def.type) {
    case "string":
      out.push({ path, schema });
      break;
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        walk(child, `.${key}`);
      }
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      walk(def.innerType);
      break;
    case "pipe":
      walk(def.in);
      walk(def.out);
      break;
    case "union":
      for (const option of def.options as unknown[]) walk(option);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "array":
      walk(def.element, "[]");
      break;
    case "record":
      walk(def.keyType, "{key}");
      walk(def.valueType, "{value}");
      break;
    case "tuple":
      for (const item of def.items as unknown[]) walk(item, "[]");
      break;
    case "lazy":
      walk((def.getter as () => unknown)());
      break;
    default:
      break;
  }
  return out;
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;

const inputSchemas = Object.entries(contract).filter(
  (entry): entry is [string, z.ZodType] => isSchema(entry[1]) && !OUTPUT_SCHEMAS.has(entry[0]),
);

describe("the text rule", () => {
  it("accepts ordinary text, tabs, line breaks, emoji, right-to-left and joiners", () => {
    for (const value of [
      "",
      "Desk lamps",
      "line one\nline two\r\nline three\tcolumn",
      "🚢📦 👩‍👩‍👧‍👦 🏳️‍🌈",
      "שלום עולם \u202eevil\u202c",
      "zero\u200bwidth\u200djoin",
      "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
      "x".repeat(1_000_000),
    ]) {
      expect(isAllowedText(value), JSON.stringify(value.slice(0, 40))).toBe(true);
      expect(text().safeParse(value).success).toBe(true);
    }
  });

  it("refuses NUL, other C0 controls, DEL and lone surrogates with one field message", () => {
    for (let code = 0; code < 0x20; code += 1) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(isAllowedText(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(
        allowed,
      );
    }
    for (const value of HOSTILE) {
      const result = text().safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([textMessages.invalid]);
    }
  });

  it("strips what it refuses, keeping valid surrogate pairs", () => {
    expect(stripDisallowedText("a\u0000b\u0007c\ud800d\udc00e🚢\r\n")).toBe("abcde🚢\r\n");
    expect(stripDisallowedText("\udc00\ud800")).toBe("");
    expect(stripDisallowedText("plain")).toBe("plain");
  });

  it("ignores what it refuses in search terms instead of failing the list", () => {
    const query = contract.listQuerySchema.parse({
      search: "lamp\u0000\ud800",
      ordering: "\u0000",
    });
    expect(query.search).toBe("lamp");
    expect(query.ordering).toBeUndefined();
    expect(contract.listQuerySchema.parse({ search: "\u0000" }).search).toBeUndefined();
    expect(contract.placeQuerySchema.parse({ q: "Spring\u0000field" }).q).toBe("Springfield");
  });

  it("is obeyed by every text field of every request and client-frame schema", () => {
    expect(inputSchemas.length).toBeGreaterThan(40);
    const names = inputSchemas.map(([name]) => name);
    for (const required of [
      "createShipmentInputSchema",
      "createQuotationInputSchema",
      "updateProfileInputSchema",
      "clientFrameSchema",
      "listQuerySchema",
      "createAnnouncementInputSchema",
      "createWarehouseInputSchema",
    ]) {
      expect(names).toContain(required);
    }
    const accepting: string[] = [];
    let checked = 0;
    for (const [name, schema] of inputSchemas) {
      for (const leaf of stringLeaves(schema, name, [], new Set())) {
        checked += 1;
        for (const value of HOSTILE) {
          if (leaf.schema.safeParse(value).success) {
            accepting.push(`${leaf.path} accepts ${JSON.stringify(value)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(
      accepting,
      "request schemas build text fields on text(); a schema of what the server sends belongs in OUTPUT_SCHEMAS",
    ).toEqual([]);
  });

  it("refuses hostile text through whole request schemas with a field error on that field", () => {
    const frame = contract.clientFrameSchema.safeParse({
      action: "add_reaction",
      message_id: 1,
      reaction: "\u0000",
    });
    expect(frame.error?.issues[0]).toMatchObject({
      path: ["reaction"],
      message: textMessages.invalid,
    });
    const sample = contract.createSampleShipmentInputSchema.safeParse({
      product_name: "Mugs\ud800",
      quantity: "3\u0000",
      address: "1 Way",
    });
    expect(sample.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["product_name", textMessages.invalid],
      ["quantity", textMessages.invalid],
    ]);
  });
});
