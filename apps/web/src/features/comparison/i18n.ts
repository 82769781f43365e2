import comparison from "../../locales/en/comparison.json";
import { namespace } from "../../i18n/i18n";

/** The seller's comparison of the bids on the order page. */
export const useComparisonT = namespace("comparison", comparison);
