import ratings from "../../locales/en/ratings.json";
import { namespace } from "../../i18n/i18n";

/** A completed order's rating: the seller's scores and comment, the agent's answer. */
export const useRatingsT = namespace("ratings", ratings);
