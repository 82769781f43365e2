import { Box, Stack, Typography } from "@mui/material";
import { AVERAGE_COST_SERVICES, type AverageCostEstimate } from "@fba/contract";
import { priceFor } from "../../../entities/average-cost/lib/estimate";
import { useBookingT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";

/** "$275.00 – $310.00" for the weight, or the price per kg while no weight is typed. */
function rangeText(
  range: { min: string; max: string },
  kg: number,
  money: (value: string) => string,
  t: ReturnType<typeof useBookingT>["t"],
): string {
  const show = (perKg: string) => money(kg > 0 ? priceFor(perKg, kg) : perKg);
  const text =
    range.min === range.max ? show(range.min) : `${show(range.min)} – ${show(range.max)}`;
  return kg > 0 ? text : t("estimate.perKg", { price: text });
}

/**
 * The estimate's box keeps the height of its tallest content from the start (before an FC code
 * is typed and while its estimate loads), so it never pushes what is below it, such as the
 * "Add Amazon warehouse" button, when it fills in: a click there is not lost mid-press.
 */
export const ESTIMATE_BOX_MIN_HEIGHT = { xs: 184, sm: 104 } as const;

const boxSx = {
  p: 1.5,
  borderRadius: 1,
  bgcolor: "grey.50",
  border: 1,
  borderColor: "divider",
  boxSizing: "border-box",
  minHeight: ESTIMATE_BOX_MIN_HEIGHT,
} as const;

/**
 * Before any bid: what agents' average costs say this destination could cost, per service, for
 * the chargeable weight typed so far. Indicative only; the bids decide. Without an FC code, or
 * while the estimate loads, the box says so in the same space.
 */
export function DestinationEstimate({
  code,
  kg,
  estimate,
  pending = false,
}: {
  code: string | null;
  kg: number;
  estimate: AverageCostEstimate | undefined;
  /** "loading" while asked, "failed" when the lookup failed. */
  pending?: false | "loading" | "failed";
}) {
  const { t } = useBookingT();
  const format = useFormat();
  if (!code || pending) {
    return (
      <Box data-testid="destination-estimate-slot" sx={boxSx}>
        <Typography variant="subtitle2" component="p" color="text.secondary">
          {code ? t("estimate.to", { code }) : t("estimate.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {!code
            ? t("estimate.typeCode")
            : pending === "failed"
              ? t("estimate.failed")
              : t("estimate.loading")}
        </Typography>
      </Box>
    );
  }
  const priced = estimate && estimate.agents > 0;
  return (
    <Box
      role="note"
      aria-label={t("estimate.to", { code })}
      data-testid="destination-estimate"
      sx={boxSx}
    >
      <Typography variant="subtitle2" component="p">
        {kg > 0 ? t("estimate.toForKg", { code, kg }) : t("estimate.to", { code })}
      </Typography>
      {priced ? (
        <>
          <Stack
            direction={{ xs: "column", sm: "row" }}
            sx={{ columnGap: 3, rowGap: 0.25, mt: 0.5, flexWrap: "wrap" }}
          >
            {AVERAGE_COST_SERVICES.map((service) => {
              const range = estimate[service];
              return (
                <Typography key={service} variant="body2">
                  <Box component="span" sx={{ color: "text.secondary" }}>
                    {t(`estimate.services.${service}`)}:{" "}
                  </Box>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {range ? rangeText(range, kg, format.money, t) : t("estimate.notPriced")}
                  </Box>
                </Typography>
              );
            })}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t("estimate.from", { count: estimate.agents })}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {t("estimate.noAgent", { code })}
        </Typography>
      )}
    </Box>
  );
}
