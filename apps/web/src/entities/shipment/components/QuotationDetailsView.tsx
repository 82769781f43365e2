import { Box, Stack, Typography } from "@mui/material";
import CheckIcon from "@mui/icons-material/CheckCircle";
import MissingIcon from "@mui/icons-material/RemoveCircleOutline";
import BlockIcon from "@mui/icons-material/Block";
import { Field } from "../../../components/Panel";
import {
  QUOTE_INCLUSIONS,
  formatDay,
  quotationLabels,
  type QuotationDetails,
} from "../lib/quotation-details";
import { useEntitiesT, useEntitiesTranslate } from "../../../i18n/entities";

export const DETAILS_NOT_GIVEN = "Details not given";

/**
 * The checklist of what a price includes: every item with a check mark or, highlighted, "not
 * included"; the duties line always last.
 */
export function InclusionList({
  inclusions,
  dense = false,
}: {
  inclusions: string[];
  dense?: boolean;
}) {
  const { t } = useEntitiesT();
  const translate = useEntitiesTranslate();
  const labels = quotationLabels(translate);
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, listStyle: "none", display: "grid", gap: dense ? 0.25 : 0.5 }}
    >
      {QUOTE_INCLUSIONS.map((code) => {
        const included = inclusions.includes(code);
        return (
          <Box
            component="li"
            key={code}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 0.75,
              ...(included
                ? {}
                : {
                    color: "warning.dark",
                    bgcolor: "#fff7ed",
                    borderRadius: 0.5,
                    px: 0.5,
                    mx: -0.5,
                  }),
            }}
          >
            {included ? (
              <CheckIcon fontSize="small" color="success" aria-hidden />
            ) : (
              <MissingIcon fontSize="small" aria-hidden />
            )}
            <Typography variant="body2" component="span">
              {labels.inclusion(code)}
              {!included && (
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {" "}
                  {t("details.notIncluded")}
                </Box>
              )}
            </Typography>
          </Box>
        );
      })}
      <Box
        component="li"
        sx={{ display: "flex", alignItems: "center", gap: 0.75, color: "text.secondary" }}
      >
        <BlockIcon fontSize="small" aria-hidden />
        <Typography variant="body2" component="span">
          {labels.dutiesExcluded}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * What a quotation states beyond its amounts: service type and transit days per offered
 * service, what the price includes, until when it holds, and the agent's note.
 */
export function QuotationDetailsView({
  details,
  isExpired = false,
}: {
  details: QuotationDetails | null | undefined;
  isExpired?: boolean;
}) {
  const { t } = useEntitiesT();
  const translate = useEntitiesTranslate();
  const { summary } = quotationLabels(translate);
  if (!details) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("details.notGiven", { defaultValue: DETAILS_NOT_GIVEN })}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" },
        }}
      >
        <Field label={t("details.fast")}>
          {details.fast ? summary(details.fast) : t("details.notOffered")}
        </Field>
        <Field label={t("details.normal")}>
          {details.normal ? summary(details.normal) : t("details.notOffered")}
        </Field>
        <Field label={t("details.validUntil")}>
          {formatDay(details.valid_until)}
          {isExpired && (
            <Box component="span" sx={{ color: "error.main", fontWeight: 600 }}>
              {" "}
              {t("details.expired")}
            </Box>
          )}
        </Field>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          {t("details.includes")}
        </Typography>
        <InclusionList inclusions={details.inclusions} />
      </Box>
      {details.note && <Field label={t("details.note")}>{details.note}</Field>}
    </Stack>
  );
}
