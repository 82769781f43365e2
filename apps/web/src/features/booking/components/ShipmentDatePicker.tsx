import dayjs from "dayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";

export interface ShipmentDatePickerProps {
  /** yyyy-MM-dd, or "" when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  name: string;
}

/** MM/DD/YYYY on screen, yyyy-MM-dd in the form; nothing before today. Loaded on demand. */
export default function ShipmentDatePicker({
  value,
  onChange,
  onBlur,
  error,
  name,
}: ShipmentDatePickerProps) {
  const parsed = value ? dayjs(value, "YYYY-MM-DD") : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label="Shipment Date"
        format="MM/DD/YYYY"
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
