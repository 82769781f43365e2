import { Box, Button, Stack, Typography } from "@mui/material";
import { AVERAGE_COST_SERVICES, type AverageCost } from "@fba/contract";
import { useOwnAverageCosts } from "../../../entities/average-cost/api/average-costs";
import { destinationCode, priceFor, sumPrices } from "../../../entities/average-cost/lib/estimate";
import type { Shipment } from "../../../entities/shipment/api/types";
import { useFormat } from "../../../i18n/use-format";
import { useBiddingT } from "../i18n";

interface Destination {
  code: string;
  kg: number;
  cost: AverageCost | undefined;
}

/** The shipment's destinations with their chargeable weight, in booking order. */
function destinationsOf(shipment: Shipment, costs: AverageCost[]): Destination[] {
  const byCode = new Map<string, Destination>();
  for (const pkg of shipment.packages ?? []) {
    const code = destinationCode(pkg.delivery_location);
    if (!code) continue;
    const known = byCode.get(code);
    if (known) known.kg = Math.round((known.kg + pkg.chargeable_weight) * 100) / 100;
    else {
      const cost = costs.find((row) => row.warehouse_number === code);
      byCode.set(code, { code, kg: pkg.chargeable_weight, cost });
    }
  }
  return [...byCode.values()];
}

/** A service's price for a destination, or null where the agent does not offer it (0). */
const priceOf = (cost: AverageCost, service: "slow" | "fast" | "air", kg: number) => {
  const perKg = cost[`${service}_cost`];
  return Number(perKg) > 0 ? priceFor(perKg, kg) : null;
};

/**
 * The agent's own average costs to this shipment's FCs, priced for its chargeable weight: a
 * starting point for the bid. Normal is priced as sea, fast as sea express. Shown only when the
 * agent keeps an average cost for at least one of the destinations.
 */
export function AverageCostStart({
  shipment,
  canEdit,
  onUse,
}: {
  shipment: Shipment;
  canEdit: boolean;
  onUse: (amounts: { normal_amount: string; fast_amount: string }) => void;
}) {
  const { t } = useBiddingT();
  const format = useFormat();
  const hasDestinations = (shipment.packages ?? []).length > 0;
  const own = useOwnAverageCosts(hasDestinations);
  const destinations = destinationsOf(shipment, own.data ?? []);
  if (!destinations.some((destination) => destination.cost)) return null;

  const total = (service: "slow" | "fast") => {
    const prices = destinations.map((d) => (d.cost ? priceOf(d.cost, service, d.kg) : null));
    return prices.every((price) => price !== null) ? sumPrices(prices as string[]) : null;
  };
  const normal = total("slow");
  const fast = total("fast");

  return (
    <Box
      role="note"
      aria-label={t("averageCosts.label")}
      sx={{ p: 1.5, borderRadius: 1, bgcolor: "grey.50", border: 1, borderColor: "divider" }}
    >
      <Typography variant="subtitle2" component="p">
        {t("averageCosts.title")}
      </Typography>
      <Stack spacing={0.5} sx={{ mt: 0.5 }}>
        {destinations.map(({ code, kg, cost }) => (
          <Typography key={code} variant="body2" data-testid="average-cost-line">
            <Box component="span" sx={{ fontWeight: 600 }}>
              {code}
            </Box>{" "}
            ({format.number(kg)} kg):{" "}
            {cost
              ? AVERAGE_COST_SERVICES.map((service) => {
                  const price = priceOf(cost, service, kg);
                  return t("averageCosts.service", {
                    service: t(`averageCosts.services.${service}`),
                    price: price ? format.money(price) : t("averageCosts.notOffered"),
                  });
                }).join(" · ")
              : t("averageCosts.none")}
          </Typography>
        ))}
      </Stack>
      {canEdit && (normal || fast) && (
        <Stack spacing={0.75} sx={{ mt: 1, alignItems: "flex-start" }}>
          <Button
            size="small"
            variant="outlined"
            sx={{ whiteSpace: "nowrap" }}
            onClick={() => onUse({ normal_amount: normal ?? "", fast_amount: fast ?? "" })}
          >
            {t("averageCosts.use")}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t("averageCosts.hint", {
              normal: normal ? format.money(normal) : "—",
              fast: fast ? format.money(fast) : "—",
            })}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
