import { Button, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../lib/api-client";
import { useServerMessage } from "../i18n/server-messages";
import { useComponentsT } from "./i18n";

/** The server's refusal text: the first error message when it is a 400 "Bad Request". */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.errors[0]?.message ?? error.message;
  }
  return "This shipment could not be loaded.";
}

/**
 * Whether a failed read is the server refusing this object (not a party, not now, unknown id),
 * which no retry changes; anything else (a 5xx, no connection) is worth retrying.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** Shown instead of a shipment the caller may not view, with a way back to a list. */
export function AccessDenied({
  error,
  backTo,
  backLabel,
}: {
  error: unknown;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useComponentsT();
  const serverMessage = useServerMessage();
  const message =
    error instanceof ApiError ? (serverMessage(refusalMessage(error)) ?? "") : t("refused");
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, mx: "auto", mt: 4 }}>
      <Stack spacing={2} sx={{ alignItems: "center", textAlign: "center" }} role="alert">
        <Typography variant="h6" component="h1">
          {message}
        </Typography>
        <Button variant="contained" component={RouterLink} to={backTo}>
          {backLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
