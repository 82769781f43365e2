import { useState } from "react";
import { Checkbox, FormControlLabel, FormHelperText } from "@mui/material";
import type { Announcement } from "@fba/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useAnnouncementsT } from "../i18n";

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
  const { t } = useAnnouncementsT();
  const [disableSender, setDisableSender] = useState(false);
  const sender = announcement?.sender;
  const ownAnnouncement = sender !== undefined && sender.id === currentUserId;
  return (
    <ConfirmDialog
      open={announcement !== null}
      title={t("removeDialog.title")}
      message={
        announcement
          ? t("removeDialog.message", {
              title: announcement.title?.trim() || t("noTitle"),
              name: `${sender?.first_name} ${sender?.last_name}`,
            })
          : ""
      }
      confirmLabel={t("removeDialog.confirm")}
      cancelLabel={t("removeDialog.cancel")}
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
        label={t("removeDialog.disableSender")}
      />
      <FormHelperText>
        {ownAnnouncement ? t("removeDialog.own") : t("removeDialog.other")}
      </FormHelperText>
    </ConfirmDialog>
  );
}
