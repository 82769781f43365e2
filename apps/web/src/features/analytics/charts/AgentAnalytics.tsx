import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { Link, Paper, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { AgentAnalytics as Figures } from "@fba/contract";
import { agentProfilePath } from "../../../app/paths";
import { ScorecardDetails } from "../../../entities/agent";
import { ChartFigure } from "../components/ChartFigure";
import {
  countAxis,
  formatDollars,
  formatShare,
  longMonth,
  moneyAxis,
  shortMonth,
} from "../lib/format";
import { AnalyticsData, CHART_HEIGHT, ChartGrid, useChartColors } from "./layout";

const monthAxis = (months: string[]) => ({
  scaleType: "band" as const,
  data: months,
  valueFormatter: (month: string, context: { location: string }) =>
    context.location === "tick" ? shortMonth(month) : longMonth(month),
});

export function AgentCharts({ data }: { data: Figures }) {
  const colors = useChartColors();
  const rows = data.by_month;
  const months = rows.map((row) => row.month);
  const bids = rows.reduce((sum, row) => sum + row.bids, 0);
  const wins = rows.reduce((sum, row) => sum + row.wins, 0);
  const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
  return (
    <ChartGrid>
      <ChartFigure
        title="Bids and wins per month"
        summary={`${bids} bids and ${wins} wins over the last ${rows.length} months (win rate ${formatShare(bids ? wins / bids : null)}).`}
        table={{
          columns: ["Month", "Bids", "Wins", "Win rate"],
          rows: rows.map((row) => [
            longMonth(row.month),
            row.bids,
            row.wins,
            formatShare(row.win_rate),
          ]),
        }}
      >
        <BarChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[monthAxis(months)]}
          yAxis={[{ ...countAxis(rows.flatMap((row) => [row.bids, row.wins])), width: 40 }]}
          series={[
            { data: rows.map((row) => row.bids), label: "Bids" },
            { data: rows.map((row) => row.wins), label: "Wins" },
          ]}
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title="Win rate per month"
        summary="Bids won out of bids placed, by month of the bid."
        table={{
          columns: ["Month", "Win rate"],
          rows: rows.map((row) => [longMonth(row.month), formatShare(row.win_rate)]),
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
              label: "Win rate",
              valueFormatter: (v) => (v === null ? "no bids" : `${v}%`),
              connectNulls: true,
              curve: "linear",
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title="Revenue per month"
        wide
        summary={`${formatDollars(revenue)} in final amounts of completed orders over the last ${rows.length} months.`}
        table={{
          columns: ["Month", "Revenue"],
          rows: rows.map((row) => [longMonth(row.month), formatDollars(row.revenue)]),
        }}
      >
        <BarChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[monthAxis(months)]}
          yAxis={[{ ...moneyAxis(rows.map((row) => row.revenue)), width: 64 }]}
          series={[
            {
              data: rows.map((row) => row.revenue),
              label: "Revenue",
              valueFormatter: (v) => formatDollars(v),
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
          Your scorecard
        </Typography>
        <ScorecardDetails scorecard={data.scorecard} />
        <Link
          component={RouterLink}
          to={agentProfilePath(data.scorecard.agent_id)}
          sx={{ display: "inline-block", mt: 1.5 }}
        >
          Your profile as sellers see it
        </Link>
      </Paper>
    </ChartGrid>
  );
}

/** The agent's dashboard charts (its own chunk, with the chart library). */
export default function AgentAnalytics() {
  return <AnalyticsData role="agent">{(data) => <AgentCharts data={data} />}</AnalyticsData>;
}
