import { NEW_AGENT_LABEL, NEW_AGENT_MIN_COMPLETED_ORDERS } from "@fba/contract";
import type { AgentScorecard } from "../api/types";

/** Shown instead of rates for an agent with fewer than 3 completed orders. */
export { NEW_AGENT_LABEL };
/** Shown for a rate nothing has measured yet. */
export const NOT_MEASURED = "not measured yet";

/** A 0..1 rate as a whole percentage ("92%"); null when not measured. */
export function formatRate(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return null;
  return `${Math.round(rate * 100)}%`;
}

/** A variance in percent with its sign ("+3.5%", "-1%", "0%"). */
export function formatVariance(pct: number | null | undefined): string | null {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return null;
  const rounded = Math.round(pct * 10) / 10;
  if (rounded === 0) return "0%";
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}

/** An average rating with one decimal ("4.5"). */
export function formatRating(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return value.toFixed(1);
}

/** A median response time: minutes under an hour, hours under two days, else days. */
export function formatResponseHours(hours: number | null | undefined): string | null {
  const parts = responseTimeParts(hours);
  if (!parts) return null;
  return `${parts.value} ${{ minutes: "min", hours: "h", days: "days" }[parts.unit]}`;
}

/** A median response time's number and unit, for a text in the language shown. */
export function responseTimeParts(
  hours: number | null | undefined,
): { value: number; unit: "minutes" | "hours" | "days" } | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return null;
  if (hours < 1) return { value: Math.max(1, Math.round(hours * 60)), unit: "minutes" };
  if (hours < 48) return { value: Math.round(hours * 10) / 10, unit: "hours" };
  return { value: Math.round((hours / 24) * 10) / 10, unit: "days" };
}

/** "1 rating" / "12 ratings". */
export const ratingCountLabel = (count: number) => `${count} rating${count === 1 ? "" : "s"}`;

/** Whether the scorecard shows rates (an agent with at least 3 completed orders). */
export const showsRates = (scorecard: Pick<AgentScorecard, "is_new" | "completed_orders">) =>
  !scorecard.is_new && scorecard.completed_orders >= NEW_AGENT_MIN_COMPLETED_ORDERS;
