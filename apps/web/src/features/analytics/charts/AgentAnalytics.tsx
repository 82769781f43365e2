import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { Link, Paper, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { AgentAnalytics as Figures } from "@fba/contract";
import { agentProfilePath } from "../../../app/paths";
import { ScorecardDetails } from "../../../entities/agent";
import { ChartFigure } from "../components/ChartFigure";
import { useAnalyticsFormats } from "../lib/format";
import { useAnalyticsT } from "../i18n";
import { AnalyticsData, CHART_HEIGHT, ChartGrid, useChartColors } from "./layout";

export function AgentCharts({ data }: { data: Figures }) {
  const { t } = useAnalyticsT();
  const f = useAnalyticsFormats();
  const monthAxis = (months: string[]) => ({
    scaleType: "band" as const,
    data: months,
    valueFormatter: (month: string, context: { location: string }) =>
      context.location === "tick" ? f.shortMonth(month) : f.longMonth(month),
  });
  const colors = useChartColors();
  const rows = data.by_month;
  const months = rows.map((row) => row.month);
  const bids = rows.reduce((sum, row) => sum + row.bids, 0);
  const wins = rows.reduce((sum, row) => sum + row.wins, 0);
  const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
  return (
    <ChartGrid>
      <ChartFigure
        title={t("agent.bidsWinsTitle")}
        summary={t("agent.bidsWinsSummary", {
          bids,
          wins,
          months: rows.length,
          rate: f.share(bids ? wins / bids : null),
        })}
        table={{
          columns: [t("month"), t("agent.bids"), t("agent.wins"), t("agent.winRate")],
          rows: rows.map((row) => [
            f.longMonth(row.month),
            row.bids,
            row.wins,
            f.share(row.win_rate),
          ]),
        }}
      >
        <BarChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[monthAxis(months)]}
          yAxis={[{ ...f.countAxis(rows.flatMap((row) => [row.bids, row.wins])), width: 40 }]}
          series={[
            { data: rows.map((row) => row.bids), label: t("agent.bids") },
            { data: rows.map((row) => row.wins), label: t("agent.wins") },
          ]}
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title={t("agent.winRateTitle")}
        summary={t("agent.winRateSummary")}
        table={{
          columns: [t("month"), t("agent.winRate")],
          rows: rows.map((row) => [f.longMonth(row.month), f.share(row.win_rate)]),
        }}
      >
        <LineChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[{ ...monthAxis(months), scaleType: "point" }]}
          yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 48 }]}
          series={[
            {
              data: rows.map((row) =>
                row.win_rate === null ? null : Math.round(row.win_rate * 100),
              ),
              label: t("agent.winRate"),
              valueFormatter: (v) => (v === null ? t("agent.noBids") : `${v}%`),
              connectNulls: true,
              curve: "linear",
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title={t("agent.revenueTitle")}
        wide
        summary={t("agent.revenueSummary", {
          amount: f.dollars(revenue),
          months: rows.length,
        })}
        table={{
          columns: [t("month"), t("agent.revenue")],
          rows: rows.map((row) => [f.longMonth(row.month), f.dollars(row.revenue)]),
        }}
      >
        <BarChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[monthAxis(months)]}
          yAxis={[{ ...f.moneyAxis(rows.map((row) => row.revenue)), width: 64 }]}
          series={[
            {
              data: rows.map((row) => row.revenue),
              label: t("agent.revenue"),
              valueFormatter: (v) => f.dollars(v),
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="own-scorecard-heading"
        sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, gridColumn: "1 / -1" }}
      >
        <Typography
          id="own-scorecard-heading"
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, mb: 1 }}
        >
          {t("agent.scorecard")}
        </Typography>
        <ScorecardDetails scorecard={data.scorecard} />
        <Link
          component={RouterLink}
          to={agentProfilePath(data.scorecard.agent_id)}
          sx={{ display: "inline-block", mt: 1.5 }}
        >
          {t("agent.profile")}
        </Link>
      </Paper>
    </ChartGrid>
  );
}

/** The agent's dashboard charts (its own chunk, with the chart library). */
export default function AgentAnalytics() {
  return <AnalyticsData role="agent">{(data) => <AgentCharts data={data} />}</AnalyticsData>;
}
