import documents from "../../locales/en/documents.json";
import { namespace } from "../../i18n/i18n";
import { localIsoDate, parseTime } from "@fba/contract/constants";
import { useFormat } from "../../i18n/use-format";

/** An order's documents and the banner of a delivery to another FC. */
export const useDocumentsT = namespace("documents", documents);

/** A timestamp's local day in the language shown ("11/21/2026", "2026/11/21"). */
export function useLocalDay() {
  const format = useFormat();
  return (value: string | null | undefined) => {
    const date = value ? parseTime(value) : null;
    return format.date(date ? localIsoDate(date) : value);
  };
}
