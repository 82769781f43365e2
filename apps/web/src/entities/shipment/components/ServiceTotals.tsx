import { Box, Typography } from "@mui/material";
import type { QuotationService } from "@fba/contract";
import { Field } from "../../../components/Panel";
import { formatMoney } from "../lib/format";
import { SERVICE_LABELS, serviceTotalOf, type QuotationMoney } from "../lib/quotation";
import { useShipmentsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";

/** A service's own price, as the bid comparison lists it per service. */
export const servicePriceOf = (quotation: QuotationMoney, service: QuotationService) =>
  service === "fast" ? quotation.fast_amount : quotation.normal_amount;

/**
 * A service choice as a radio label: the service's own price, then what it comes to with the
 * pickup, so a service price is never read as a total (e.g. "Normal: $2,000.00 (total
 * $2,250.00)").
 */
export function serviceChoiceLabel(
  quotation: QuotationMoney,
  service: QuotationService,
  details?: string,
): string {
  const name = `${SERVICE_LABELS[service]}${details ? ` (${details})` : ""}`;
  return `${name}: ${formatMoney(servicePriceOf(quotation, service))} (total ${formatMoney(serviceTotalOf(quotation, service))})`;
}

/** What the chosen service comes to: the service, the pickup, the service's price and the total. */
export function ServiceTotals({
  quotation,
  service,
}: {
  quotation: QuotationMoney;
  service: QuotationService;
}) {
  const { t } = useShipmentsT();
  const { money: formatMoney } = useFormat();
  const name = t(`services.${service}`);
  return (
    <Box
      aria-label={t("accept.groupLabel")}
      role="group"
      sx={{
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, minmax(0, 1fr))" },
      }}
    >
      <Field label={t("amounts.service")}>{name}</Field>
      <Field label={t("amounts.pickup")}>{formatMoney(quotation.pickup_amount)}</Field>
      <Field label={t("amounts.serviceAmount", { service: name })}>
        {formatMoney(servicePriceOf(quotation, service))}
      </Field>
      <Field label={t("amounts.total")}>
        <Typography component="span" variant="inherit" sx={{ fontWeight: 700 }}>
          {formatMoney(serviceTotalOf(quotation, service))}
        </Typography>
      </Field>
    </Box>
  );
}
