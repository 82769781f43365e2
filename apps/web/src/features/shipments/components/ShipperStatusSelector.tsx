import { useState } from "react";
import {
  Alert,
  Box,
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
import { ApiError } from "../../../lib/api-client";
import { notify, toastApiError } from "../../../lib/toast";
import { useUpdateShipmentStatus } from "../api/update-shipment";
import type { Shipment } from "../../../entities/shipment/api/types";
import { Panel } from "../../../components/Panel";
import { paths } from "../../../app/paths";
import { useShipmentsT } from "../i18n";

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

/**
 * The winning agent moves an accepted order to completed or cancelled. Completing it while
 * destinations are not delivered names them and asks why; the seller and admins are told.
 */
export function ShipperStatusSelector({
  shipment,
  fromAcceptedList,
  onNeedInfo,
  undelivered,
}: {
  shipment: Shipment;
  fromAcceptedList: boolean;
  onNeedInfo: () => void;
  /** The order's destinations not delivered yet ("ONT8 (Booked)"); null while unknown. */
  undelivered: string[] | null;
}) {
  const { t } = useShipmentsT();
  const optionLabel = (label: string) =>
    (t as unknown as (key: string, options: { defaultValue: string }) => string)(
      `agentStatus.options.${label}`,
      { defaultValue: label },
    );
  const navigate = useNavigate();
  const update = useUpdateShipmentStatus(shipment.id);
  const [pending, setPending] = useState<ShipmentStatus | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const open = undelivered ?? [];
  const asksReason = pending === "Shipment Completed" && open.length > 0;
  const close = () => {
    setPending(null);
    setReasonError(null);
  };
  const options = statusOptions(fromAcceptedList);
  const isEditable = shipment.status === "Quotation Accepted";
  const hasInfo = !!shipment.final_amount && !!shipment.tracking_number;
  const current = options.some((o) => o.value === shipment.status) ? shipment.status : "";

  const choose = (status: ShipmentStatus) => {
    if (status === shipment.status) return;
    if (status === "Shipment Completed" && !hasInfo) {
      notify.error(t("agentStatus.addInfoFirst"));
      onNeedInfo();
      return;
    }
    setPending(status);
  };

  const confirm = async () => {
    if (!pending) return;
    const completing = pending === "Shipment Completed";
    if (asksReason && !reason.trim()) {
      setReasonError(t("agentStatus.reasonRequired"));
      return;
    }
    try {
      const res = await update.mutateAsync(
        completing
          ? { status: pending, undelivered_reason: open.length > 0 ? reason.trim() : null }
          : { status: pending },
      );
      notify.success(res.message);
      close();
      if (completing) void navigate(paths.shipper.completed);
      else if (pending === "Shipment Cancelled") void navigate(paths.shipper.pending);
    } catch (error) {
      // A destination seen delivered here was not (the page was behind): the server names it.
      const onReason =
        error instanceof ApiError
          ? error.errors.find((e) => e.field === "undelivered_reason")
          : undefined;
      if (onReason) {
        setReasonError(onReason.message);
        return;
      }
      close();
      toastApiError(error);
    }
  };

  return (
    <Panel title={t("agentStatus.title")}>
      <Stack spacing={1.5}>
        <TextField
          select
          label={t("agentStatus.field")}
          value={current}
          disabled={!isEditable || update.isPending}
          onChange={(event) => choose(event.target.value as ShipmentStatus)}
          sx={{ maxWidth: 320 }}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
              {optionLabel(option.label)}
            </MenuItem>
          ))}
          {current === "" && (
            <MenuItem value="" disabled>
              {optionLabel(shipment.status)}
            </MenuItem>
          )}
        </TextField>
        {isEditable && !hasInfo && <Alert severity="info">{t("agentStatus.needsInfo")}</Alert>}
      </Stack>
      <Dialog
        open={pending !== null}
        onClose={close}
        fullWidth={asksReason}
        maxWidth="sm"
        aria-labelledby="status-dialog-title"
      >
        <DialogTitle id="status-dialog-title">{t("agentStatus.dialogTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending === "Shipment Cancelled"
              ? t("agentStatus.confirmCancel")
              : pending === "Shipment Completed"
                ? t("agentStatus.confirmCompleted")
                : t("agentStatus.confirmAccepted")}
          </DialogContentText>
          {asksReason && (
            <>
              <Alert severity="warning" sx={{ mt: 2 }}>
                {open.length === 1
                  ? t("agentStatus.undeliveredOne")
                  : t("agentStatus.undeliveredMany", { count: open.length })}
                <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
                  {open.map((destination) => (
                    <li key={destination}>{destination}</li>
                  ))}
                </Box>
                {t("agentStatus.told")}
              </Alert>
              <TextField
                label={t("agentStatus.reason")}
                required
                multiline
                minRows={2}
                fullWidth
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(null);
                }}
                error={reasonError !== null}
                helperText={reasonError ?? `${reason.length}/500`}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                sx={{ mt: 2 }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("agentStatus.no")}</Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={update.isPending}>
            {t("agentStatus.yes")}
          </Button>
        </DialogActions>
      </Dialog>
    </Panel>
  );
}
