import { type OtpPurpose } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import * as repo from "./auth.repository.js";

export const PASSWORD_RESET: OtpPurpose = "FORGOT_PASSWORD";
const HOUR_MS = 3_600_000;
/** Hourly counts of wrong recovery codes are kept this long. */
export const RECOVERY_FAILURES_KEPT_MS = 7 * 24 * HOUR_MS;
/** Rows with this purpose mark a paused recovery; their expiry is the end of the pause. */
export const pausePurpose = (purpose: OtpPurpose) => `${purpose}:PAUSED`;

/**
 * Lifts a paused password recovery (an admin's decision, for an owner locked out of both): the
 * address's recovery history is forgotten, so its caps start afresh. Answers whether it was paused.
 */
export async function liftRecoveryPause(db: DbOrTx, email: string): Promise<boolean> {
  return repo.clearRecovery(
    db,
    email,
    { code: PASSWORD_RESET, pause: pausePurpose(PASSWORD_RESET) },
    new Date(),
  );
}

/** Wrong recovery codes per hour, the last `hours` hours (oldest first, the current one last). */
export async function recoveryFailuresByHour(
  db: DbOrTx,
  hours: number,
  now = new Date(),
): Promise<Array<{ hour: Date; failures: number }>> {
  const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const first = current - (hours - 1) * HOUR_MS;
  const counted = new Map(
    (await repo.recoveryFailuresSince(db, new Date(first))).map((row) => [
      row.hour.getTime(),
      row.failures,
    ]),
  );
  return Array.from({ length: hours }, (_, i) => {
    const hour = first + i * HOUR_MS;
    return { hour: new Date(hour), failures: counted.get(hour) ?? 0 };
  });
}
