import notifications from "../../locales/en/notifications.json";
import { namespace } from "../../i18n/i18n";

export const useNotificationsT = namespace("notifications", notifications);
