import type { Milestone } from "@fba/contract";
import legs from "../../locales/en/legs.json";
import { namespace } from "../../i18n/i18n";

/** An order's destinations: each leg's facts, milestones, history and the dialogs that change them. */
export const useLegsT = namespace("legs", legs);

/** The legs' texts, with a milestone's name in the language shown (English as the API sent it). */
export function useLegText() {
  const { t, i18n } = useLegsT();
  const english = i18n.language === "en";
  const milestone = (key: Milestone, sent: string) => (english ? sent : t(`milestones.${key}`));
  return { t, english, milestone };
}
