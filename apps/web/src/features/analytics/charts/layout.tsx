import type { ReactNode } from "react";
import { Box, useTheme } from "@mui/material";
import { QueryState } from "../../../components/query-state/QueryState";
import { useAnalytics, type AnalyticsByRole, type AnalyticsRole } from "../api/analytics";
import { useAnalyticsT } from "../i18n";

/** Chart height: readable on a 375 px phone without scrolling past a tall drawing. */
export const CHART_HEIGHT = 240;

/** The series' colours: the app's navy, then its amber (both readable on white). */
export function useChartColors(): string[] {
  const theme = useTheme();
  return [theme.palette.primary.main, theme.palette.secondary.main];
}

/** A horizontal bar chart's height: one band per category, never taller than it needs. */
export const bandsHeight = (count: number) => Math.max(120, count * 44 + 64);

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
  const { t } = useAnalyticsT();
  const query = useAnalytics(role);
  return (
    <QueryState query={query} what={t("section.what")}>
      {(data) => children(data)}
    </QueryState>
  );
}
