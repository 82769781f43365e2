import { Box, Typography } from "@mui/material";
import { Field } from "../../../components/Panel";
import type { Quotation } from "../api/types";
import { boughtService, serviceTotalOf, type QuotationMoney } from "../lib/quotation";
import { useShipmentsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";

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
  const { t, i18n } = useShipmentsT();
  const { money: formatMoney } = useFormat();
  const name = service ? t(`services.${service}`) : "";
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
      <Field label={t("amounts.pickup")}>{formatMoney(quotation.pickup_amount)}</Field>
      <Field label={t("amounts.fast")}>{formatMoney(quotation.fast_amount)}</Field>
      <Field label={t("amounts.normal")}>{formatMoney(quotation.normal_amount)}</Field>
      {service && <Field label={t("amounts.serviceBought")}>{name}</Field>}
      <Field
        label={
          service
            ? t("amounts.totalOf", { service: i18nLower(name, i18n.language) })
            : t("amounts.total")
        }
      >
        <Typography component="span" variant="inherit" sx={{ fontWeight: 700 }}>
          {formatMoney(total)}
        </Typography>
      </Field>
    </Box>
  );
}

/** "Total (fast)" in English keeps the service in lower case; other scripts have no case. */
function i18nLower(text: string, language: string): string {
  return language === "en" ? text.toLowerCase() : text;
}
