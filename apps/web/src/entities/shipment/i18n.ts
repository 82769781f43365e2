import shipments from "../../locales/en/shipments.json";
import { namespace } from "../../i18n/i18n";

/** A shipment's page: its summary, bids, decisions, details and status. */
export const useShipmentsT = namespace("shipments", shipments);
