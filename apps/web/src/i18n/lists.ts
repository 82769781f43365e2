import lists from "../locales/en/lists.json";
import { namespace } from "./i18n";

/** The shipment lists: their tabs, columns, filters, statuses and the table's paging. */
export const useListsT = namespace("lists", lists);
