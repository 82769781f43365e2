import type { ReactNode } from "react";
import { Alert, AlertTitle, Box, Button } from "@mui/material";
import { ApiError } from "../../lib/api-client";
import { Loading } from "../Loading";
import { useComponentsT } from "../i18n";
import { useServerMessage } from "../../i18n/server-messages";
import { useQueryView, type QueryLike } from "./query-view";

type Problem = "offline" | "unreachable" | "error";

type T = ReturnType<typeof useComponentsT>["t"];

function problemText(
  problem: Problem,
  what: string,
  error: unknown,
  t: T,
  serverMessage: (message: string | undefined) => string | undefined,
): [string, string] {
  if (problem === "offline") {
    return [t("problem.offlineTitle"), t("problem.offlineDetail")];
  }
  if (problem === "unreachable") {
    return [t("problem.unreachableTitle"), t("problem.unreachableDetail")];
  }
  // 5xx bodies carry a generic message only; say so in words a user can act on.
  const detail =
    error instanceof ApiError && error.status > 0 && error.status < 500
      ? (serverMessage(error.message) ?? error.message)
      : t("problem.serverError");
  return [t("problem.errorTitle", { what: translatedWhat(t, what) }), detail];
}

/** What was loading, in the current language when the catalog knows it (else as given). */
export function translatedWhat(t: T, what: string): string {
  return (t as unknown as (key: string, options: { defaultValue: string }) => string)(
    `what.${what}`,
    { defaultValue: what },
  );
}

/** Why something could not be shown, with a Retry that asks again. */
export function QueryProblem({
  problem,
  what,
  query,
}: {
  problem: Problem;
  /** What was being loaded, as in "Could not load {what}". */
  what: string;
  query: QueryLike;
}) {
  const { t } = useComponentsT();
  const serverMessage = useServerMessage();
  const [title, detail] = problemText(problem, what, query.error, t, serverMessage);
  return (
    <Alert
      severity={problem === "error" ? "error" : "warning"}
      sx={{ alignItems: "center", textAlign: "left" }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          loading={query.fetchStatus === "fetching"}
          onClick={() => void query.refetch()}
        >
          {t("retry")}
        </Button>
      }
    >
      <AlertTitle sx={{ mb: 0.25 }}>{title}</AlertTitle>
      {detail}
    </Alert>
  );
}

/**
 * A read's problem, if it has one: for screens that draw their own placeholders (dashboard
 * counts) and above data that could not be refreshed. Nothing while all is well.
 */
export function QueryNotice({ query, what }: { query: QueryLike; what: string }) {
  const { problem } = useQueryView(query);
  if (!problem) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <QueryProblem problem={problem} what={what} query={query} />
    </Box>
  );
}

/**
 * The one way a screen shows a read: loading, then its data, or why there is none (offline,
 * server unreachable, an error) with a Retry. A page that answers some errors itself (a refused
 * shipment) does so in `renderError`; returning nothing there falls back to the generic error.
 */
export function QueryState<T>({
  query,
  what,
  children,
  loading,
  renderError,
}: {
  query: QueryLike<T>;
  what: string;
  children: (data: T) => ReactNode;
  loading?: ReactNode;
  renderError?: (error: unknown) => ReactNode;
}) {
  const { view, problem } = useQueryView(query);
  if (view === "loading") return <>{loading ?? <Loading />}</>;
  if (view !== "ready") {
    const custom = view === "error" ? renderError?.(query.error) : undefined;
    return (
      <>
        {custom ?? (
          <Box sx={{ py: 2 }}>
            <QueryProblem problem={view} what={what} query={query} />
          </Box>
        )}
      </>
    );
  }
  return (
    <>
      {problem && (
        <Box sx={{ mb: 2 }}>
          <QueryProblem problem={problem} what={what} query={query} />
        </Box>
      )}
      {children(query.data as T)}
    </>
  );
}
