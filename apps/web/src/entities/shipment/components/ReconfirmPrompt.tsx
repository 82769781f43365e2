import { useState } from "react";
import { utcDate } from "@fba/contract/constants";
import { Alert, AlertTitle, Box, Button, Stack, TextField } from "@mui/material";
import { ApiError } from "../../../lib/api-client";
import { notify, toastApiError } from "../../../lib/toast";
import { useAnswerReconfirm } from "../api/quotations";
import type { Quotation } from "../api/types";
import { formatDay } from "../lib/quotation-details";
import { useEntitiesT } from "../../../i18n/entities";

const today = () => utcDate(new Date());

/**
 * The seller asked the agent to re-confirm its expired quotation: a new validity date extends
 * it (the amounts stay), or the agent declines. Shown only while the request stands.
 */
export function ReconfirmPrompt({ quotation }: { quotation: Quotation }) {
  const { t } = useEntitiesT();
  const answer = useAnswerReconfirm(quotation.id);
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  if (!quotation.reconfirm_requested_at) return null;

  const send = (body: { valid_until: string } | { declined: true }) =>
    void answer.mutateAsync(body).then(
      (res) => notify.success(res.message),
      (failure: unknown) => {
        const field =
          failure instanceof ApiError
            ? failure.errors.find((item) => item.field === "valid_until")?.message
            : undefined;
        if (field) setError(field);
        else toastApiError(failure);
      },
    );

  return (
    <Alert severity="warning" role="region" aria-label={t("reconfirm.region")}>
      <AlertTitle>{t("reconfirm.title")}</AlertTitle>
      {quotation.details
        ? t("reconfirm.expiredAfter", { date: formatDay(quotation.details.valid_until) })
        : t("reconfirm.expired")}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1.5 }}>
        <TextField
          type="date"
          size="small"
          label={t("reconfirm.validUntil")}
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
        />
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
          <Button
            variant="contained"
            disabled={answer.isPending}
            onClick={() => send({ valid_until: date })}
          >
            {t("reconfirm.confirm")}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={answer.isPending}
            onClick={() => send({ declined: true })}
          >
            {t("reconfirm.decline")}
          </Button>
        </Box>
      </Stack>
    </Alert>
  );
}
