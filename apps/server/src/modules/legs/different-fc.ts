import type { DifferentFc, DifferentFcStatus } from "@fba/contract";

interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

/** What a leg keeps of the decision on a delivery to a different FC. */
export interface DifferentFcDecision {
  fcCode: string;
  differentFcCode: string | null;
  differentFcStatus: string | null;
  differentFcNote: string | null;
  differentFcAt: Date | null;
  /** Who took the decision (null when none was taken). */
  differentFcDecider: Person | null;
}

/** The leg's Delivered event in force (corrections applied). */
export interface DeliveredFacts {
  deliveredFcCode: string | null;
  recordedAt: Date;
  recordedBy: Person;
}

const person = (who: Person) => ({
  id: who.id,
  first_name: who.firstName,
  last_name: who.lastName,
});

/**
 * Whether the leg was delivered to another FC than the one booked, and where that stands: flagged
 * (by whoever recorded the delivery) until the seller accepts it or an admin resolves it. A
 * decision holds for the FC it was taken for; a correction to yet another FC flags the leg again,
 * and a correction to the booked FC clears it.
 */
export function differentFcOf(
  leg: DifferentFcDecision,
  delivered: DeliveredFacts | undefined,
): DifferentFc | null {
  const code = delivered?.deliveredFcCode;
  if (!delivered || !code || code === leg.fcCode) return null;
  if (leg.differentFcCode === code && leg.differentFcStatus && leg.differentFcAt) {
    return {
      status: leg.differentFcStatus as DifferentFcStatus,
      note: leg.differentFcNote,
      by: leg.differentFcDecider ? person(leg.differentFcDecider) : null,
      at: leg.differentFcAt.toISOString(),
    };
  }
  return {
    status: "flagged",
    note: null,
    by: person(delivered.recordedBy),
    at: delivered.recordedAt.toISOString(),
  };
}
