import auth from "../../locales/en/auth.json";
import { namespace } from "../../i18n/i18n";

export const useAuthT = namespace("auth", auth);
