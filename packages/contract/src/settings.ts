import { z } from "zod";

/** What any page may know of how the marketplace is configured, signed in or not. */
export const publicSettingsSchema = z.object({
  /** How long bidding on a new shipment stays open (the server's BID_WINDOW_HOURS). */
  bid_window_hours: z.number().positive(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsMessages = {
  fetched: "Settings fetched successfully",
} as const;
