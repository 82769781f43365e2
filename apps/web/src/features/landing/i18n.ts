import landing from "../../locales/en/landing.json";
import { namespace } from "../../i18n/i18n";

export const useLandingT = namespace("landing", landing);
