import { z } from "zod";
import { text } from "./text.js";
import { GROUPS, idSchema } from "./common.js";
import { formBooleanSchema } from "./profile.js";

export const announcementMessages = {
  messageRequired: "Message is required",
  messageMax: "Message cannot exceed 5000 characters",
  titleMax: "Title cannot exceed 200 characters",
  created: "Announcement created successfully",
  notFound: "Announcement not found",
  empty: "You have no announcement yet",
  noTitle: "No Title",
  removed: "Announcement removed",
  removedAndSenderDisabled: "Announcement removed and its sender's account disabled",
} as const;

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  message: z.string(),
  timestamp: z.string(),
  sender: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    groups: z.enum(GROUPS),
  }),
});
export type Announcement = z.infer<typeof announcementSchema>;

const optionalTitle = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  text()
    .trim()
    .max(ANNOUNCEMENT_TITLE_MAX, announcementMessages.titleMax)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
);

export const createAnnouncementInputSchema = z.object({
  title: optionalTitle,
  message: text({ error: announcementMessages.messageRequired })
    .trim()
    .min(1, { error: announcementMessages.messageRequired, abort: true })
    .max(ANNOUNCEMENT_MESSAGE_MAX, announcementMessages.messageMax),
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementInputSchema>;

export const announcementParamsSchema = z.object({ id: idSchema });

/**
 * DELETE admin/announcements/{id}/ (admins only): the announcement leaves every list and bell;
 * `disable_sender=true` also disables its sender's account in the same call.
 */
export const removeAnnouncementQuerySchema = z.object({
  disable_sender: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    formBooleanSchema.optional().default(false),
  ),
});
export type RemoveAnnouncementQuery = z.infer<typeof removeAnnouncementQuerySchema>;

export const announcementRemovalSchema = z.object({
  id: z.number().int(),
  removed_at: z.string(),
  sender: z.object({ id: z.number().int(), is_active: z.boolean() }),
});
export type AnnouncementRemoval = z.infer<typeof announcementRemovalSchema>;
