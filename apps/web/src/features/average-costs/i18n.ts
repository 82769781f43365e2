import averageCosts from "../../locales/en/averageCosts.json";
import { namespace } from "../../i18n/i18n";

/** The agent's average costs page and its dialog. */
export const useAverageCostsT = namespace("averageCosts", averageCosts);
