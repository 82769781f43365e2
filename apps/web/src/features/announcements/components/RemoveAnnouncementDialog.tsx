import { useState } from "react";
import { Checkbox, FormControlLabel, FormHelperText } from "@mui/material";
import type { Announcement } from "@fba/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { NO_TITLE } from "../lib/announcement-text";

export const DISABLE_SENDER_LABEL = "Also disable the sender's account";

/**
 * An admin confirms removing an announcement from every list and bell, and may disable its
 * sender's account in the same step (not their own). Keyed by the announcement, so each one
 * starts unticked.
 */
export function RemoveAnnouncementDialog({
  announcement,
  currentUserId,
  busy,
  onConfirm,
  onCancel,
}: {
  announcement: Announcement | null;
  currentUserId: number | null;
  busy: boolean;
  onConfirm: (disableSender: boolean) => void;
  onCancel: () => void;
}) {
  const [disableSender, setDisableSender] = useState(false);
  const sender = announcement?.sender;
  const ownAnnouncement = sender !== undefined && sender.id === currentUserId;
  return (
    <ConfirmDialog
      open={announcement !== null}
      title="Remove announcement"
      message={
        announcement
          ? `Remove "${announcement.title?.trim() || NO_TITLE}" by ${sender?.first_name} ${sender?.last_name}? It leaves every user's announcements and notifications at once.`
          : ""
      }
      confirmLabel="Remove"
      cancelLabel="Cancel"
      busy={busy}
      onConfirm={() => onConfirm(disableSender && !ownAnnouncement)}
      onCancel={onCancel}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={disableSender && !ownAnnouncement}
            disabled={ownAnnouncement || busy}
            onChange={(event) => setDisableSender(event.target.checked)}
          />
        }
        label={DISABLE_SENDER_LABEL}
      />
      <FormHelperText>
        {ownAnnouncement
          ? "This is your own announcement: your account stays enabled."
          : "They are signed out everywhere and can no longer log in."}
      </FormHelperText>
    </ConfirmDialog>
  );
}
