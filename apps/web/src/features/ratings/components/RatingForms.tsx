import { useState } from "react";
import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  Rating,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  RATING_COMMENT_MAX,
  RATING_REPLY_MAX,
  RATING_SUB_SCORES,
  createRatingInputSchema,
  ratingReplyInputSchema,
} from "@fba/contract";
import { notify, toastApiError } from "../../../lib/toast";
import { useCreateRating, useReplyRating } from "../api/ratings";
import { type Score } from "../lib/scores";
import { useServerMessage } from "../../../i18n/server-messages";
import { useRatingsT } from "../i18n";

/** One score as stars: a group named by its label, one radio per star. */
function ScoreInput({
  name,
  value,
  error,
  onChange,
}: {
  name: Score;
  value: number | null;
  error?: string;
  onChange: (value: number | null) => void;
}) {
  const { t } = useRatingsT();
  const shown = useServerMessage();
  const id = `rating-${name}`;
  return (
    <FormControl component="fieldset" error={!!error} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={id} required sx={{ fontSize: "0.875rem" }}>
        {t(`scores.${name}`)}
      </FormLabel>
      <Rating
        name={id}
        value={value}
        size={name === "overall" ? "large" : "medium"}
        onChange={(_, next) => onChange(next)}
      />
      {error && <FormHelperText>{shown(error)}</FormHelperText>}
    </FormControl>
  );
}

/** The seller's one rating of the agent: overall, four sub-scores, an optional comment. */
export function RatingForm({ shipmentId }: { shipmentId: number }) {
  const { t } = useRatingsT();
  const shown = useServerMessage();
  const create = useCreateRating(shipmentId);
  const [scores, setScores] = useState<Record<Score, number | null>>({
    overall: null,
    communication: null,
    care_of_cargo: null,
    punctuality: null,
    as_described: null,
  });
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Score | "comment", string>>>({});

  const submit = () => {
    const body = { ...scores, comment };
    const parsed = createRatingInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Score | "comment";
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    void create.mutateAsync(parsed.data).then(
      (res) => notify.success(shown(res.message) ?? res.message),
      (error: unknown) => toastApiError(error),
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t("form.intro")}
      </Typography>
      <ScoreInput
        name="overall"
        value={scores.overall}
        error={errors.overall}
        onChange={(value) => {
          setScores({ ...scores, overall: value });
          setErrors({ ...errors, overall: undefined });
        }}
      />
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
        }}
      >
        {RATING_SUB_SCORES.map((name) => (
          <ScoreInput
            key={name}
            name={name}
            value={scores[name]}
            error={errors[name]}
            onChange={(value) => {
              setScores({ ...scores, [name]: value });
              setErrors({ ...errors, [name]: undefined });
            }}
          />
        ))}
      </Box>
      <TextField
        label={t("form.comment")}
        multiline
        minRows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={!!errors.comment}
        helperText={
          shown(errors.comment) ??
          t("form.count", { length: comment.length, max: RATING_COMMENT_MAX })
        }
        slotProps={{ htmlInput: { maxLength: RATING_COMMENT_MAX } }}
      />
      <Box>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t("form.send")}
        </Button>
      </Box>
    </Stack>
  );
}

/** The agent's one answer to the seller's rating. */
export function ReplyForm({ shipmentId }: { shipmentId: number }) {
  const { t } = useRatingsT();
  const shown = useServerMessage();
  const reply = useReplyRating(shipmentId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = ratingReplyInputSchema.safeParse({ reply: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    void reply.mutateAsync(parsed.data).then(
      (res) => notify.success(shown(res.message) ?? res.message),
      (failure: unknown) => toastApiError(failure),
    );
  };
  return (
    <Stack spacing={1.5}>
      <TextField
        label={t("reply.label")}
        multiline
        minRows={2}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={
          shown(error ?? undefined) ??
          t("reply.help", { length: text.length, max: RATING_REPLY_MAX })
        }
        slotProps={{ htmlInput: { maxLength: RATING_REPLY_MAX } }}
      />
      <Box>
        <Button variant="contained" onClick={submit} disabled={reply.isPending}>
          {t("reply.send")}
        </Button>
      </Box>
    </Stack>
  );
}
