import { useState } from "react";
import { Button, type ButtonProps } from "@mui/material";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import { notify, toastApiError } from "../../../lib/toast";
import { useCompleteSampleShipment } from "../api/complete-sample-shipment";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useSamplesT } from "../i18n";

export const MARK_COMPLETE_QUESTION = "Are you sure you want to mark this shipment complete?";

/** The agent's "Mark as complete", asked as a yes/no question first. */
export function MarkSampleCompleteButton({
  sampleId,
  size = "small",
}: {
  sampleId: number;
  size?: ButtonProps["size"];
}) {
  const { t } = useSamplesT();
  const [isAsking, setIsAsking] = useState(false);
  const complete = useCompleteSampleShipment();

  const confirm = () => {
    complete.mutate(sampleId, {
      onSuccess: (res) => {
        notify.success(res.message);
        setIsAsking(false);
      },
      onError: (error) => {
        toastApiError(error);
        setIsAsking(false);
      },
    });
  };

  return (
    <>
      <Button
        size={size}
        variant="outlined"
        color="success"
        startIcon={<TaskAltIcon />}
        onClick={() => setIsAsking(true)}
        sx={{ whiteSpace: "nowrap" }}
      >
        {t("complete.button")}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t("complete.button")}
        message={t("complete.question")}
        busy={complete.isPending}
        onConfirm={confirm}
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
}
