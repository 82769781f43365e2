import { useTranslation } from "react-i18next";
import { bidWindowText, useBidWindowHours, type BidWindowForm } from "../lib/bid-window";

/**
 * The configured bid window inside a sentence: "72 hours" ("72-hour" as `adjective`) unless the
 * server runs another window. Marked so the prerendered landing page can rewrite it too.
 */
export function BidWindowText({ form = "duration" }: { form?: BidWindowForm }) {
  const hours = useBidWindowHours();
  const { i18n } = useTranslation();
  return <span data-bid-window={form}>{bidWindowText(hours, form, i18n.language)}</span>;
}
