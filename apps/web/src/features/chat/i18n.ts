import { dayFromNow, dayHeadingIn, parseTime, timeIn } from "@fba/contract/constants";
import { dayLabel, timeLabel } from "./lib/format";
import chat from "../../locales/en/chat.json";
import { namespace } from "../../i18n/i18n";

/** The order chat's texts around the messages (what people type is shown as typed). */
export const useChatT = namespace("chat", chat);

/** The day dividers and message times in the language shown (English as the spec has them). */
export function useChatTimes() {
  const { t, i18n } = useChatT();
  const locale = i18n.language;
  return {
    day: (timestamp: string) => {
      if (locale === "en") return dayLabel(timestamp);
      const day = parseTime(timestamp);
      if (!day) return timestamp;
      const when = dayFromNow(day, new Date());
      if (when === "today") return t("view.today");
      if (when === "yesterday") return t("view.yesterday");
      return dayHeadingIn(locale, day, when === "this-year");
    },
    time: (timestamp: string) => {
      if (locale === "en") return timeLabel(timestamp);
      const time = parseTime(timestamp);
      return time ? timeIn(locale, time) : timestamp;
    },
  };
}
