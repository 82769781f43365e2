import { useState } from "react";
import {
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from "@mui/material";
import type { QuotationService } from "@fba/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { Field } from "../../../components/Panel";
import type { Quotation } from "../../../entities/shipment/api/types";
import { formatMoney } from "../../../entities/shipment/lib/format";
import {
  defaultServiceOf,
  offeredServices,
  SERVICE_LABELS,
  serviceTotalOf,
} from "../../../entities/shipment/lib/quotation";

/**
 * Accepting commits the order, so it is confirmed first: which service is bought (a choice when
 * the quotation prices both, the one of its total by default) and what it comes to.
 */
export function AcceptEstimateDialog({
  quotation,
  open,
  isBusy,
  onClose,
  onConfirm,
}: {
  quotation: Quotation;
  open: boolean;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: (service: QuotationService | null) => void;
}) {
  const offered = offeredServices(quotation);
  const [choice, setChoice] = useState<QuotationService | null>(() => defaultServiceOf(quotation));
  const amountOf = (service: QuotationService) =>
    service === "fast" ? quotation.fast_amount : quotation.normal_amount;
  const agent = `${quotation.user.first_name} ${quotation.user.last_name}`;

  return (
    <ConfirmDialog
      open={open}
      title="Accept estimate"
      message={`You are about to accept the quotation of ${agent}. The agent is told which service you bought.`}
      confirmLabel="Confirm"
      cancelLabel="Back"
      maxWidth="sm"
      busy={isBusy}
      onConfirm={() => onConfirm(choice)}
      onCancel={onClose}
    >
      <Stack spacing={2}>
        {offered.length > 1 && (
          <FormControl>
            <FormLabel id="accept-service-label">Service</FormLabel>
            <RadioGroup
              aria-labelledby="accept-service-label"
              value={choice ?? ""}
              onChange={(event) => setChoice(event.target.value as QuotationService)}
            >
              {offered.map((service) => (
                <FormControlLabel
                  key={service}
                  value={service}
                  control={<Radio />}
                  label={`${SERVICE_LABELS[service]}: ${formatMoney(amountOf(service))} (total ${formatMoney(serviceTotalOf(quotation, service))})`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        {choice && (
          <Box
            aria-label="Accepted service and amount"
            role="group"
            sx={{
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, minmax(0, 1fr))" },
            }}
          >
            <Field label="Service">{SERVICE_LABELS[choice]}</Field>
            <Field label="Pickup amount">{formatMoney(quotation.pickup_amount)}</Field>
            <Field label={`${SERVICE_LABELS[choice]} amount`}>
              {formatMoney(amountOf(choice))}
            </Field>
            <Field label="Total">
              <Typography component="span" variant="inherit" sx={{ fontWeight: 700 }}>
                {formatMoney(serviceTotalOf(quotation, choice))}
              </Typography>
            </Field>
          </Box>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
