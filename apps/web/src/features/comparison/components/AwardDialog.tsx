import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import {
  AWARD_REASONS,
  AWARD_REASON_TEXT_MAX,
  awardInputSchema,
  type AwardInput,
  type ComparisonBid,
  type QuotationService,
} from "@fba/contract";
import { useFormat } from "../../../i18n/use-format";
import { useServerMessage } from "../../../i18n/server-messages";
import { useComparisonT } from "../i18n";
import { useServiceSummary } from "./BidCells";
import {
  defaultServiceOf,
  offeredServices,
  serviceTotalOf,
} from "../../../entities/shipment/lib/quotation";
import { ServiceTotals, servicePriceOf } from "../../../entities/shipment/components/ServiceTotals";

type Errors = Partial<Record<"reason" | "reason_text", string>>;

/**
 * The seller accepts another bid than the automatic winner: why (a fixed reason, or Other with
 * text, which every bidder is told with the outcome) and, when the bid offers both, which
 * service. The spec's accept and decline of the automatic winner stay where they are.
 */
export function AwardDialog({
  bid,
  automaticReason,
  bidCount = 0,
  busy,
  onClose,
  onConfirm,
}: {
  bid: ComparisonBid;
  automaticReason: string | null;
  /** How many bids the automatic winner was the lowest of. */
  bidCount?: number;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (input: AwardInput) => void;
}) {
  const { t, i18n } = useComparisonT();
  const english = i18n.language === "en";
  const format = useFormat();
  const shown = useServerMessage();
  const serviceSummary = useServiceSummary();
  const quotation = bid.quotation;
  const services = offeredServices(quotation);
  const [reason, setReason] = useState("");
  const [text, setText] = useState("");
  const [service, setService] = useState<QuotationService | null>(defaultServiceOf(quotation));
  const [errors, setErrors] = useState<Errors>({});
  const name = `${bid.agent.first_name} ${bid.agent.last_name}`;

  const submit = () => {
    const input: AwardInput = {
      quotation_id: quotation.id,
      reason,
      ...(reason === "other" ? { reason_text: text } : {}),
      ...(services.length > 1 && service ? { accepted_service: service } : {}),
    };
    const parsed = awardInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "reason" || key === "reason_text") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    onConfirm(input);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="award-title">
      <DialogTitle id="award-title">{t("award.title", { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t("award.intro", {
              total: format.money(service ? serviceTotalOf(quotation, service) : bid.total_amount),
              reason: !automaticReason
                ? ""
                : english
                  ? ` (${automaticReason})`
                  : t("award.automaticReason", { count: bidCount }),
            })}
          </DialogContentText>
          <TextField
            select
            label={t("award.reason")}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors({});
            }}
            error={!!errors.reason}
            helperText={shown(errors.reason)}
          >
            {AWARD_REASONS.map((code) => (
              <MenuItem key={code} value={code}>
                {t(`awardReasons.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          {reason === "other" && (
            <TextField
              label={t("award.tellWhy")}
              required
              multiline
              minRows={2}
              autoFocus
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setErrors({});
              }}
              error={!!errors.reason_text}
              helperText={
                shown(errors.reason_text) ??
                t("award.count", { length: text.length, max: AWARD_REASON_TEXT_MAX })
              }
              slotProps={{ htmlInput: { maxLength: AWARD_REASON_TEXT_MAX } }}
            />
          )}
          {services.length > 1 && (
            <FormControl>
              <FormLabel id="award-service">{t("award.service")}</FormLabel>
              <RadioGroup
                aria-labelledby="award-service"
                value={service ?? ""}
                onChange={(event) => setService(event.target.value as QuotationService)}
              >
                {services.map((mode) => {
                  const details = quotation.details?.[mode];
                  return (
                    <FormControlLabel
                      key={mode}
                      value={mode}
                      control={<Radio />}
                      label={t("award.choice", {
                        service: t(`award.modes.${mode}`),
                        details: details
                          ? t("award.choiceDetails", { details: serviceSummary(details) })
                          : "",
                        price: format.money(servicePriceOf(quotation, mode)),
                        total: format.money(serviceTotalOf(quotation, mode)),
                      })}
                    />
                  );
                })}
              </RadioGroup>
            </FormControl>
          )}
          {service && <ServiceTotals quotation={quotation} service={service} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("award.back")}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t("award.accept")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
