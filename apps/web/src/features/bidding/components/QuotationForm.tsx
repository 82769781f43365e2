import { useState } from "react";
import { Alert, Box, Button, InputAdornment, Stack, TextField } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  createQuotationInputSchema,
  type CreateQuotationData,
  type CreateQuotationInput,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { Panel } from "../../../components/Panel";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { QuotationAmounts } from "../../../entities/shipment/components/QuotationAmounts";
import { bidPreview } from "../../../entities/shipment/lib/quotation";
import { useCreateQuotation } from "../api/create-quotation";
import { AverageCostStart } from "./AverageCostStart";

const FIELDS = ["pickup_amount", "fast_amount", "normal_amount"] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  pickup_amount: "Pickup amount",
  fast_amount: "Fast shipping amount",
  normal_amount: "Normal shipping amount",
};

/** A stored amount as sent ("1850.50"): never re-rounded. */
function asText(value: string | null | undefined): string {
  return value ?? "";
}

/**
 * The agent's sealed bid: editable until they have bid while the window is open. A bid is binding
 * and sealed, so Submit first shows it exactly as the seller will see it; only Confirm sends it.
 */
export function QuotationForm({ shipment, isOpen }: { shipment: Shipment; isOpen: boolean }) {
  const existing = hasQuotation(shipment.quotation) ? shipment.quotation : null;
  const canEdit = !existing && isOpen;
  const create = useCreateQuotation();
  const [toConfirm, setToConfirm] = useState<CreateQuotationData | null>(null);
  const form = useForm<CreateQuotationInput, unknown, CreateQuotationData>({
    resolver: zodResolver(createQuotationInputSchema),
    mode: "onTouched",
    values: {
      shipment: shipment.id,
      pickup_amount: asText(existing?.pickup_amount),
      fast_amount: asText(existing?.fast_amount),
      normal_amount: asText(existing?.normal_amount),
    },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });

  const onSubmit = form.handleSubmit((values) => setToConfirm(values));

  const confirm = async () => {
    if (!toConfirm) return;
    try {
      const res = await create.mutateAsync({
        shipment: toConfirm.shipment,
        pickup_amount: toConfirm.pickup_amount,
        fast_amount: toConfirm.fast_amount ?? null,
        normal_amount: toConfirm.normal_amount ?? null,
      });
      notify.success(res.message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastApiError(error);
    } finally {
      setToConfirm(null);
    }
  };

  return (
    <Panel title="Quotation">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {existing && <Alert severity="success">Your quotation has been submitted.</Alert>}
          {!existing && !isOpen && (
            <Alert severity="info">Bidding on this shipment has closed.</Alert>
          )}
          <AverageCostStart
            shipment={shipment}
            canEdit={canEdit}
            onUse={(amounts) => {
              for (const name of ["normal_amount", "fast_amount"] as const) {
                form.setValue(name, amounts[name], { shouldDirty: true, shouldValidate: true });
              }
            }}
          />
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))", lg: "1fr" },
            }}
          >
            {FIELDS.map((name) => (
              <TextField
                key={name}
                label={LABELS[name]}
                required={name === "pickup_amount"}
                disabled={!canEdit}
                // Kept as typed: "1850.50" stays 1850.50, and what is not an amount in cents is
                // refused with the contract's message instead of being silently reshaped.
                {...form.register(name)}
                error={!!errors[name]}
                helperText={errors[name]?.message}
                value={String(values[name] ?? "")}
                slotProps={{
                  htmlInput: { inputMode: "decimal", maxLength: 16 },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
            ))}
          </Box>
          {canEdit && (
            <Box>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                Submit
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
      <ConfirmDialog
        open={toConfirm !== null}
        title="Confirm your quotation"
        message="Your bid is binding and cannot be changed once sent. The seller will see these amounts:"
        confirmLabel="Confirm"
        cancelLabel="Back"
        maxWidth="sm"
        busy={create.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setToConfirm(null)}
      >
        {toConfirm && <QuotationAmounts quotation={bidPreview(toConfirm)} />}
      </ConfirmDialog>
    </Panel>
  );
}
