import { Box, Typography } from "@mui/material";
import { Field } from "../../../components/Panel";
import type { Quotation } from "../api/types";
import { formatMoney } from "../lib/format";
import {
  boughtService,
  SERVICE_LABELS,
  serviceTotalOf,
  type QuotationMoney,
} from "../lib/quotation";

/**
 * A quotation's amounts and total, as every side sees them: the seller's estimate, the agent's
 * order, the admin's view and the agent's own confirmation before bidding. Once accepted it
 * names the service bought, and the total is that service's.
 */
export function QuotationAmounts({
  quotation,
}: {
  quotation: QuotationMoney & Partial<Pick<Quotation, "is_accepted" | "accepted_service">>;
}) {
  const service = boughtService({
    ...quotation,
    is_accepted: quotation.is_accepted ?? null,
    accepted_service: quotation.accepted_service ?? null,
  });
  const total = service ? serviceTotalOf(quotation, service) : quotation.total_amount;
  return (
    <Box
      sx={{
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: {
          xs: "1fr 1fr",
          sm: `repeat(${service ? 5 : 4}, minmax(0, 1fr))`,
        },
      }}
    >
      <Field label="Pickup amount">{formatMoney(quotation.pickup_amount)}</Field>
      <Field label="Fast amount">{formatMoney(quotation.fast_amount)}</Field>
      <Field label="Normal amount">{formatMoney(quotation.normal_amount)}</Field>
      {service && <Field label="Service bought">{SERVICE_LABELS[service]}</Field>}
      <Field label={service ? `Total (${SERVICE_LABELS[service].toLowerCase()})` : "Total"}>
        <Typography component="span" variant="inherit" sx={{ fontWeight: 700 }}>
          {formatMoney(total)}
        </Typography>
      </Field>
    </Box>
  );
}
