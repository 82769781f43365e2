import seller from "../../locales/en/seller.json";
import { namespace } from "../../i18n/i18n";

/** The seller's own screens: the dashboard. */
export const useSellerT = namespace("seller", seller);
