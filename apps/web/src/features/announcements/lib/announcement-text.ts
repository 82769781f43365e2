import { announcementMessages } from "@fba/contract";

export const NO_TITLE = announcementMessages.noTitle;
export const NO_ANNOUNCEMENTS = announcementMessages.empty;
