import components from "../locales/en/components.json";
import { namespace } from "../i18n/i18n";

/** The shared components: loading, failures and Retry, confirmations, empty lists, toasts. */
export const useComponentsT = namespace("components", components);
