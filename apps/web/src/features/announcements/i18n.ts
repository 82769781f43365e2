import announcements from "../../locales/en/announcements.json";
import { namespace } from "../../i18n/i18n";

export const useAnnouncementsT = namespace("announcements", announcements);
