import dayjs from "dayjs";
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
      const day = dayjs(timestamp);
      const now = dayjs();
      if (day.isSame(now, "day")) return t("view.today");
      if (day.isSame(now.subtract(1, "day"), "day")) return t("view.yesterday");
      return new Intl.DateTimeFormat(
        locale,
        day.isSame(now, "year")
          ? { month: "long", day: "numeric", weekday: "long" }
          : { year: "numeric", month: "long", day: "numeric" },
      ).format(day.toDate());
    },
    time: (timestamp: string) =>
      locale === "en"
        ? timeLabel(timestamp)
        : new Intl.DateTimeFormat(locale, {
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
          }).format(dayjs(timestamp).toDate()),
  };
}
