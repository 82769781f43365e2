import type { Leg } from "@fba/contract";

/** A leg as its destination reads: "ONT8 · Moreno Valley" (the FC code alone when unnamed). */
export function legLabel(leg: Pick<Leg, "fc_code" | "fc_name">): string {
  return leg.fc_name ? `${leg.fc_code} · ${leg.fc_name}` : leg.fc_code;
}
