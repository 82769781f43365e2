import type { ReactNode } from "react";
import { Box } from "@mui/material";
import { QueryState } from "../../../components/query-state/QueryState";
import { useAnalytics, type AnalyticsByRole, type AnalyticsRole } from "../api/analytics";

/** Chart height: readable on a 375 px phone without scrolling past a tall drawing. */
export const CHART_HEIGHT = 240;

/** Two charts side by side from md, one per row on phones. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
      }}
    >
      {children}
    </Box>
  );
}

/** Reads the role's analytics and lays out what `children` draws from them. */
export function AnalyticsData<R extends AnalyticsRole>({
  role,
  children,
}: {
  role: R;
  children: (data: AnalyticsByRole[R]) => ReactNode;
}) {
  const query = useAnalytics(role);
  return (
    <QueryState query={query} what="the analytics">
      {(data) => children(data)}
    </QueryState>
  );
}
