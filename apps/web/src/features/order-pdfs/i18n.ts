import documents from "../../locales/en/documents.json";
import { namespace } from "../../i18n/i18n";

/** The order's PDFs, whose texts live with the order's documents. */
export const useOrderPdfsT = namespace("documents", documents);
