import booking from "../../locales/en/booking.json";
import { namespace } from "../../i18n/i18n";

/** The booking form: its sections, fields, totals, estimates and the submitted dialog. */
export const useBookingT = namespace("booking", booking);
