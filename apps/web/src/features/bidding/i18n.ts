import bidding from "../../locales/en/bidding.json";
import { namespace } from "../../i18n/i18n";

/** The agent's bidding: the pending quotations, the bid page and its quotation form. */
export const useBiddingT = namespace("bidding", bidding);
