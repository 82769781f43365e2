import { useMemo } from "react";
import {
  DECISION_OUTCOME_LABELS,
  DISPUTE_WINDOW_DAYS,
  formatUsd,
  VARIANCE_REASON_LABELS,
  type ChargeChange,
  type ChargeChangeEvent,
  type DecisionOutcome,
  type StoredVarianceReason,
} from "@fba/contract";
import { useFormat } from "../../../i18n/use-format";
import { useLocalDay } from "../../../i18n/local-day";
import { useDisputesT } from "../i18n";

const reasonOfLabel = new Map(
  Object.entries(VARIANCE_REASON_LABELS).map(([key, label]) => [label, key]),
);
const outcomeOfLabel = new Map(
  Object.entries(DECISION_OUTCOME_LABELS).map(([key, label]) => [label, key]),
);

/**
 * A charge change's words and amounts in the reader's language. The server sends its labels and
 * summary in English: English shows them as sent, another language names each by its code
 * (status, reason, outcome, step) and writes amounts in its own format, still US dollars.
 */
export function useChargeLabels() {
  const { t, i18n } = useDisputesT();
  const format = useFormat();
  const day = useLocalDay();
  const english = i18n.language === "en";
  return useMemo(() => {
    const usd = (amount: string) => (english ? formatUsd(amount) : format.money(amount));
    const reason = (code: StoredVarianceReason, label: string) =>
      english ? label : t(`reasons.${code}`);
    const outcome = (code: DecisionOutcome, label: string) =>
      english ? label : t(`outcomes.${code}`);
    return {
      t,
      usd,
      day,
      dateTime: format.dateTime,
      reason,
      outcome,
      status: (change: ChargeChange) =>
        english ? change.status_label : t(`statuses.${change.status}`),
      action: (event: ChargeChangeEvent) => (english ? event.label : t(`actions.${event.action}`)),
      /** An event's reason: a reason or outcome label in the reader's words, free text as typed. */
      eventReason: (text: string) => {
        if (english) return text;
        const code = reasonOfLabel.get(text);
        if (code) return t(`reasons.${code as StoredVarianceReason}`);
        const decided = outcomeOfLabel.get(text);
        return decided ? t(`outcomes.${decided as DecisionOutcome}`) : text;
      },
      summary: (change: ChargeChange) => {
        if (english) return change.summary;
        const why =
          change.reason === "not_given"
            ? t("card.noReason")
            : change.reason === "other" && change.note
              ? change.note
              : t(`reasons.${change.reason}`);
        return t(change.evidence ? "card.summaryEvidence" : "card.summary", {
          difference: usd(change.difference),
          reason: why,
        });
      },
      /** The seller's next step while the amount awaits an answer. */
      pendingForSeller: (change: ChargeChange) =>
        change.dispute_until
          ? t("card.pendingSellerUntil", { date: day(change.dispute_until) })
          : t("card.pendingSeller", { days: DISPUTE_WINDOW_DAYS }),
    };
  }, [t, english, format, day]);
}
