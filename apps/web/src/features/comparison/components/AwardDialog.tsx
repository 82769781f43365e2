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
  AWARD_REASON_LABELS,
  AWARD_REASON_TEXT_MAX,
  awardInputSchema,
  type AwardInput,
  type ComparisonBid,
  type QuotationService,
} from "@fba/contract";
import { formatMoney } from "../../../entities/shipment/lib/format";
import {
  defaultServiceOf,
  offeredServices,
  serviceTotalOf,
} from "../../../entities/shipment/lib/quotation";
import {
  ServiceTotals,
  serviceChoiceLabel,
} from "../../../entities/shipment/components/ServiceTotals";
import { serviceSummary } from "../../../entities/shipment/lib/quotation-details";

type Errors = Partial<Record<"reason" | "reason_text", string>>;

/**
 * The seller accepts another bid than the automatic winner: why (a fixed reason, or Other with
 * text, which every bidder is told with the outcome) and, when the bid offers both, which
 * service. The spec's accept and decline of the automatic winner stay where they are.
 */
export function AwardDialog({
  bid,
  automaticReason,
  busy,
  onClose,
  onConfirm,
}: {
  bid: ComparisonBid;
  automaticReason: string | null;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (input: AwardInput) => void;
}) {
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
      <DialogTitle id="award-title">Accept {name}&apos;s bid</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            You pick this bid (total{" "}
            {formatMoney(service ? serviceTotalOf(quotation, service) : bid.total_amount)}) instead
            of the automatic winner
            {automaticReason ? ` (${automaticReason})` : ""}. It is accepted at once, and every
            bidder is told your reason with the outcome.
          </DialogContentText>
          <TextField
            select
            label="Reason"
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors({});
            }}
            error={!!errors.reason}
            helperText={errors.reason}
          >
            {AWARD_REASONS.map((code) => (
              <MenuItem key={code} value={code}>
                {AWARD_REASON_LABELS[code]}
              </MenuItem>
            ))}
          </TextField>
          {reason === "other" && (
            <TextField
              label="Tell the bidders why"
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
              helperText={errors.reason_text ?? `${text.length}/${AWARD_REASON_TEXT_MAX}`}
              slotProps={{ htmlInput: { maxLength: AWARD_REASON_TEXT_MAX } }}
            />
          )}
          {services.length > 1 && (
            <FormControl>
              <FormLabel id="award-service">Service</FormLabel>
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
                      label={serviceChoiceLabel(
                        quotation,
                        mode,
                        details ? serviceSummary(details) : undefined,
                      )}
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
        <Button onClick={onClose}>Back</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Accept this bid
        </Button>
      </DialogActions>
    </Dialog>
  );
}
