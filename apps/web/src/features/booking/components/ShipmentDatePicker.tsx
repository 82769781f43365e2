import dayjs from "dayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import "dayjs/locale/zh-cn";
import { zhCN } from "@mui/x-date-pickers/locales";
import { useBookingT } from "../i18n";

export interface ShipmentDatePickerProps {
  /** yyyy-MM-dd, or "" when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  name: string;
}

/**
 * The picker's own texts in Chinese (its buttons, calendar, the empty field's parts shown as
 * 年/月/日 instead of YYYY/MM/DD).
 */
const chineseTexts = {
  ...zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldYearPlaceholder: () => "年",
  fieldMonthPlaceholder: () => "月",
  fieldDayPlaceholder: () => "日",
};

/**
 * MM/DD/YYYY on screen in English, YYYY/MM/DD in Chinese; yyyy-MM-dd in the form; nothing before
 * today. Loaded on demand.
 */
export default function ShipmentDatePicker({
  value,
  onChange,
  onBlur,
  error,
  name,
}: ShipmentDatePickerProps) {
  const parsed = value ? dayjs(value, "YYYY-MM-DD") : null;
  const { t, i18n } = useBookingT();
  const chinese = i18n.language === "zh-CN";
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={chinese ? "zh-cn" : undefined}
      localeText={chinese ? chineseTexts : undefined}
    >
      <DatePicker
        label={t("fields.shipmentDate")}
        format={chinese ? "YYYY/MM/DD" : "MM/DD/YYYY"}
        disablePast
        minDate={dayjs().startOf("day")}
        value={parsed && parsed.isValid() ? parsed : null}
        onChange={(next) => {
          if (!next) onChange("");
          // An incomplete typed date is kept as text the schema rejects ("Invalid date").
          else onChange(next.isValid() ? next.format("YYYY-MM-DD") : "invalid");
        }}
        slotProps={{
          textField: {
            name,
            required: true,
            fullWidth: true,
            onBlur,
            error: !!error,
            helperText: error,
          },
        }}
      />
    </LocalizationProvider>
  );
}
