import disputes from "../../locales/en/disputes.json";
import { namespace } from "../../i18n/i18n";

export const useDisputesT = namespace("disputes", disputes);
