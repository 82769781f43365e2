import samples from "../../locales/en/samples.json";
import { namespace } from "../../i18n/i18n";

/** Sample shipments: the seller's list, the request form, the status chip. */
export const useSamplesT = namespace("samples", samples);
