import common from "../locales/en/common.json";
import { namespace } from "./i18n";

/** The shared namespace: the language switch and texts every screen can use. */
export const useCommonT = namespace("common", common);
