import { useState } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useNavigate } from "react-router";
import type { ShipmentStatus } from "@fba/contract";
import { notify, toastApiError } from "../../../lib/toast";
import { useUpdateShipmentStatus } from "../api/update-shipment";
import type { Shipment } from "../../../entities/shipment/api/types";
import { Panel } from "../../../components/Panel";
import { paths } from "../../../app/paths";

interface Option {
  value: ShipmentStatus;
  label: string;
  disabled?: boolean;
}

/** Options of part 2 section 4; Cancelled only when the order was opened from the accepted list. */
export function statusOptions(fromAcceptedList: boolean): Option[] {
  const options: Option[] = [
    { value: "Quotation Received", label: "Quote Received", disabled: true },
    { value: "Quotation Accepted", label: "Quote Accepted" },
    { value: "Shipment Completed", label: "Shipment Completed" },
  ];
  if (fromAcceptedList) options.push({ value: "Shipment Cancelled", label: "Shipment Cancelled" });
  return options;
}

/** The winning agent moves an accepted order to completed or cancelled. */
export function ShipperStatusSelector({
  shipment,
  fromAcceptedList,
  onNeedInfo,
}: {
  shipment: Shipment;
  fromAcceptedList: boolean;
  onNeedInfo: () => void;
}) {
  const navigate = useNavigate();
  const update = useUpdateShipmentStatus(shipment.id);
  const [pending, setPending] = useState<ShipmentStatus | null>(null);
  const options = statusOptions(fromAcceptedList);
  const isEditable = shipment.status === "Quotation Accepted";
  const hasInfo = !!shipment.final_amount && !!shipment.tracking_number;
  const current = options.some((o) => o.value === shipment.status) ? shipment.status : "";

  const choose = (status: ShipmentStatus) => {
    if (status === shipment.status) return;
    if (status === "Shipment Completed" && !hasInfo) {
      notify.error("Add the final amount and tracking number before completing the shipment.");
      onNeedInfo();
      return;
    }
    setPending(status);
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      const res = await update.mutateAsync(pending);
      notify.success(res.message);
      setPending(null);
      if (pending === "Shipment Completed") void navigate(paths.shipper.completed);
      else if (pending === "Shipment Cancelled") void navigate(paths.shipper.pending);
    } catch (error) {
      setPending(null);
      toastApiError(error);
    }
  };

  return (
    <Panel title="Update Status">
      <Stack spacing={1.5}>
        <TextField
          select
          label="Shipment status"
          value={current}
          disabled={!isEditable || update.isPending}
          onChange={(event) => choose(event.target.value as ShipmentStatus)}
          sx={{ maxWidth: 320 }}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </MenuItem>
          ))}
          {current === "" && (
            <MenuItem value="" disabled>
              {shipment.status}
            </MenuItem>
          )}
        </TextField>
        {isEditable && !hasInfo && (
          <Alert severity="info">
            Completing the shipment needs the final amount and the tracking number.
          </Alert>
        )}
      </Stack>
      <Dialog open={pending !== null} onClose={() => setPending(null)}>
        <DialogTitle>Change status</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending === "Shipment Cancelled"
              ? "Are you sure you want to cancel this shipment?"
              : `Mark this shipment as ${pending === "Shipment Completed" ? "completed" : "accepted"}?`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>No</Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={update.isPending}>
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </Panel>
  );
}
