import admin from "../../locales/en/admin.json";
import { namespace } from "../../i18n/i18n";

export const useAdminT = namespace("admin", admin);
