import { z } from "zod";
import { idSchema } from "./common.js";
import { legMessages } from "./legs.js";
import { text } from "./text.js";

/**
 * An agent's indicative price to one Amazon FC, in dollars per kg of chargeable weight, for each
 * way of getting there: slow (sea), fast (sea express) and air. Agents keep their own table (the
 * existing client's Average Warehouse Costs screen); the seller's booking form shows the range over
 * agents for each destination before any bid, and the bid form shows the agent their own price.
 */
export const AVERAGE_COST_SERVICES = ["slow", "fast", "air"] as const;
export type AverageCostService = (typeof AVERAGE_COST_SERVICES)[number];

export const AVERAGE_COST_LABELS: Record<AverageCostService, string> = {
  slow: "Sea",
  fast: "Sea express",
  air: "Air",
};

export const averageCostMessages = {
  warehouseRequired: "Warehouse Number is required",
  costRequired: (label: string) => `${label} cost is required`,
  costFormat: "Enter a price per kg with at most 2 decimals",
  nothingToChange: "Send at least one field to change",
  duplicate: "You already have an average cost for this warehouse",
  notFound: "Average cost not found",
  idsRequired: "Choose the average costs to delete",
  created: "Average cost created successfully",
  updated: "Average cost updated successfully",
  deleted: "Average cost deleted successfully",
  fcCodesRequired: "Name at least one warehouse",
} as const;

const COST_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** A price per kg as typed or sent: "4.5", 4.5, "12.00"; at most 2 decimals. */
const costSchema = (label: string) =>
  z.preprocess(
    (value) =>
      typeof value === "number" && Number.isFinite(value)
        ? String(value)
        : typeof value === "string"
          ? value.trim()
          : value,
    text({ error: averageCostMessages.costRequired(label) })
      .min(1, { error: averageCostMessages.costRequired(label), abort: true })
      .regex(COST_PATTERN, averageCostMessages.costFormat),
  );

/** The FC code: 3 to 10 letters and digits, upper-cased (ONT8). */
const warehouseNumberSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  text({ error: averageCostMessages.warehouseRequired })
    .min(1, { error: averageCostMessages.warehouseRequired, abort: true })
    .regex(/^[A-Z0-9]{3,10}$/, legMessages.fcCodeFormat),
);

export const averageCostInputSchema = z.object({
  warehouse_number: warehouseNumberSchema,
  slow_cost: costSchema("Slow (sea)"),
  fast_cost: costSchema("Fast (sea express)"),
  air_cost: costSchema("Air"),
});
export type AverageCostInput = z.input<typeof averageCostInputSchema>;
export type AverageCostData = z.output<typeof averageCostInputSchema>;

/** AC3 sends the four fields again; any subset changes just those. */
export const updateAverageCostInputSchema = averageCostInputSchema
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: averageCostMessages.nothingToChange,
  });

/** AC5: `{ids: [...]}` as the JSON body of a DELETE. */
export const deleteAverageCostsInputSchema = z.object({
  ids: z.array(idSchema, { error: averageCostMessages.idsRequired }).min(1, {
    error: averageCostMessages.idsRequired,
  }),
});

/** Money per kg on the wire: "4.50". */
export const averageCostSchema = z.object({
  id: z.number().int(),
  warehouse_number: z.string(),
  slow_cost: z.string(),
  fast_cost: z.string(),
  air_cost: z.string(),
  updated_at: z.string(),
});
export type AverageCost = z.infer<typeof averageCostSchema>;

/** `fc_codes=ONT8,LAX9`: the destinations of a booking. */
export const averageCostEstimateQuerySchema = z.object({
  fc_codes: z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(",")
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean)
        : value,
    z
      .array(text().regex(/^[A-Z0-9]{3,10}$/, legMessages.fcCodeFormat), {
        error: averageCostMessages.fcCodesRequired,
      })
      .min(1, averageCostMessages.fcCodesRequired)
      .max(20),
  ),
});

const rangeSchema = z.object({ min: z.string(), max: z.string() }).nullable();

/**
 * The range of agents' indicative prices per kg to one FC, per service; null where no agent
 * priced it. `agents` is how many agents priced this FC.
 */
export const averageCostEstimateSchema = z.object({
  warehouse_number: z.string(),
  agents: z.number().int(),
  slow: rangeSchema,
  fast: rangeSchema,
  air: rangeSchema,
});
export type AverageCostEstimate = z.infer<typeof averageCostEstimateSchema>;
