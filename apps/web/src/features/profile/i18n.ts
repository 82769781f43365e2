import profile from "../../locales/en/profile.json";
import { namespace } from "../../i18n/i18n";

export const useProfileT = namespace("profile", profile);
