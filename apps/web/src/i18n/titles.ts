import titles from "../locales/en/titles.json";
import { namespace } from "./i18n";

/** The pages' titles (the browser tab's), which the router sets on every page. */
export const useTitlesT = namespace("titles", titles);
