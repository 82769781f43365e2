import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { Box, Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { AdminAnalytics as Figures } from "@fba/contract";
import { paths } from "../../../app/paths";
import { ChartFigure, StatFigure } from "../components/ChartFigure";
import {
  countAxis,
  formatDollars,
  formatMinutes,
  longMonth,
  moneyAxis,
  shortMonth,
} from "../lib/format";
import { AnalyticsData, CHART_HEIGHT, ChartGrid, useChartColors } from "./layout";

const monthAxis = (months: string[]) => ({
  data: months,
  valueFormatter: (month: string, context: { location: string }) =>
    context.location === "tick" ? shortMonth(month) : longMonth(month),
});

/** "1 bid", "2.4 bids". */
const perShipment = (average: number) => {
  const rounded = Math.round(average * 10) / 10;
  return `${rounded} bid${rounded === 1 ? "" : "s"}`;
};

export function AdminCharts({ data }: { data: Figures }) {
  const colors = useChartColors();
  const rows = data.by_month;
  const months = rows.map((row) => row.month);
  const bookings = rows.reduce((sum, row) => sum + row.bookings, 0);
  const gmv = rows.reduce((sum, row) => sum + row.gmv, 0);
  const { average, distribution } = data.bids_per_shipment;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" },
        }}
      >
        <StatFigure
          label="Median time to first bid"
          value={formatMinutes(data.median_minutes_to_first_bid)}
          detail="From a shipment's posting to its first bid, over shipments of the last 12 months that got one."
        />
        <StatFigure
          label="Disputes open"
          value={String(data.disputes_open)}
          detail="Final amounts disputed by sellers and not yet decided."
          action={
            <Link component={RouterLink} to={paths.admin.disputes}>
              Open the disputes
            </Link>
          }
        />
      </Box>
      <ChartGrid>
        <ChartFigure
          title="Bookings per month"
          summary={`${bookings} accepted bids over the last ${rows.length} months.`}
          table={{
            columns: ["Month", "Bookings"],
            rows: rows.map((row) => [longMonth(row.month), row.bookings]),
          }}
        >
          <BarChart
            colors={colors}
            height={CHART_HEIGHT}
            xAxis={[{ ...monthAxis(months), scaleType: "band" }]}
            yAxis={[{ ...countAxis(rows.map((row) => row.bookings)), width: 40 }]}
            series={[{ data: rows.map((row) => row.bookings), label: "Bookings" }]}
            hideLegend
            skipAnimation
          />
        </ChartFigure>
        <ChartFigure
          title="GMV per month"
          summary={`${formatDollars(gmv)} in accepted bids' totals over the last ${rows.length} months.`}
          table={{
            columns: ["Month", "GMV"],
            rows: rows.map((row) => [longMonth(row.month), formatDollars(row.gmv)]),
          }}
        >
          <LineChart
            colors={colors}
            height={CHART_HEIGHT}
            xAxis={[{ ...monthAxis(months), scaleType: "point" }]}
            yAxis={[{ ...moneyAxis(rows.map((row) => row.gmv)), width: 72 }]}
            series={[
              {
                data: rows.map((row) => row.gmv),
                label: "GMV",
                area: true,
                curve: "linear",
                valueFormatter: (v) => formatDollars(v),
              },
            ]}
            hideLegend
            skipAnimation
          />
        </ChartFigure>
        <ChartFigure
          title="Bids per shipment"
          wide
          summary={
            average === null
              ? "No shipments posted in the last 12 months."
              : `${perShipment(average)} per shipment on average (last 12 months).`
          }
          table={{
            columns: ["Bids", "Shipments"],
            rows: distribution.map((row) => [row.bucket, row.shipments]),
          }}
        >
          <BarChart
            colors={colors}
            height={CHART_HEIGHT}
            xAxis={[
              {
                scaleType: "band",
                data: distribution.map((row) => row.bucket),
                label: "Bids on the shipment",
              },
            ]}
            yAxis={[{ ...countAxis(distribution.map((row) => row.shipments)), width: 40 }]}
            series={[{ data: distribution.map((row) => row.shipments), label: "Shipments" }]}
            hideLegend
            skipAnimation
          />
        </ChartFigure>
      </ChartGrid>
    </Box>
  );
}

/** The admin dashboard's charts (its own chunk, with the chart library). */
export default function AdminAnalytics() {
  return <AnalyticsData role="admin">{(data) => <AdminCharts data={data} />}</AnalyticsData>;
}
