import analytics from "../../locales/en/analytics.json";
import { namespace } from "../../i18n/i18n";

export const useAnalyticsT = namespace("analytics", analytics);
