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
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { useCreateQuotation } from "../api/create-quotation";

const FIELDS = ["pickup_amount", "fast_amount", "normal_amount"] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  pickup_amount: "Pickup amount",
  fast_amount: "Fast shipping amount",
  normal_amount: "Normal shipping amount",
};

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  const n = Number(value);
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : String(value);
}

/** The agent's sealed bid: editable until they have bid while the window is open. */
export function QuotationForm({ shipment, isOpen }: { shipment: Shipment; isOpen: boolean }) {
  const existing = hasQuotation(shipment.quotation) ? shipment.quotation : null;
  const canEdit = !existing && isOpen;
  const create = useCreateQuotation();
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

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await create.mutateAsync({
        shipment: values.shipment,
        pickup_amount: values.pickup_amount,
        fast_amount: values.fast_amount ?? null,
        normal_amount: values.normal_amount ?? null,
      });
      notify.success(res.message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastApiError(error);
    }
  });

  return (
    <Panel title="Quotation">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {existing && <Alert severity="success">Your quotation has been submitted.</Alert>}
          {!existing && !isOpen && (
            <Alert severity="info">Bidding on this shipment has closed.</Alert>
          )}
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
                {...form.register(name, {
                  // Digits only: anything else is dropped as it is typed.
                  onChange: (event: { target: { value: string } }) => {
                    const digits = event.target.value.replace(/\D/g, "");
                    if (digits !== event.target.value) form.setValue(name, digits);
                  },
                })}
                error={!!errors[name]}
                helperText={errors[name]?.message}
                value={String(values[name] ?? "")}
                slotProps={{
                  htmlInput: { inputMode: "numeric", maxLength: 9 },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
            ))}
          </Box>
          {canEdit && (
            <Box>
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                Submit
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
    </Panel>
  );
}
