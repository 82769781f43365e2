import { BarChart } from "@mui/x-charts/BarChart";
import { Gauge } from "@mui/x-charts/Gauge";
import { Box } from "@mui/material";
import type { SellerAnalytics as Figures } from "@fba/contract";
import { ChartFigure } from "../components/ChartFigure";
import {
  countAxis,
  formatCents,
  formatDollars,
  formatShare,
  longMonth,
  moneyAxis,
  shortMonth,
} from "../lib/format";
import { AnalyticsData, bandsHeight, CHART_HEIGHT, ChartGrid, useChartColors } from "./layout";

export function SellerCharts({ data }: { data: Figures }) {
  const colors = useChartColors();
  const spend = data.spend_by_month;
  const totalSpend = spend.reduce((sum, row) => sum + row.amount, 0);
  const fcs = data.cost_per_kg_by_fc;
  const open = data.open_orders_by_status;
  const openTotal = open.reduce((sum, row) => sum + row.count, 0);
  const { on_time, measured, rate } = data.on_time;
  return (
    <ChartGrid>
      <ChartFigure
        title="Spend per month"
        summary={`${formatDollars(totalSpend)} in final amounts over the last ${spend.length} months.`}
        table={{
          columns: ["Month", "Spend"],
          rows: spend.map((row) => [longMonth(row.month), formatDollars(row.amount)]),
        }}
      >
        <BarChart
          colors={colors}
          height={CHART_HEIGHT}
          xAxis={[
            {
              scaleType: "band",
              data: spend.map((row) => row.month),
              valueFormatter: (month: string, context) =>
                context.location === "tick" ? shortMonth(month) : longMonth(month),
            },
          ]}
          yAxis={[{ ...moneyAxis(spend.map((row) => row.amount)), width: 64 }]}
          series={[
            {
              data: spend.map((row) => row.amount),
              label: "Spend",
              valueFormatter: (v) => formatDollars(v),
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title="Average cost per chargeable kg by FC"
        summary="Final amounts of completed orders divided by their chargeable weight."
        empty={fcs.length === 0 ? "No completed orders yet." : undefined}
        table={{
          columns: ["FC", "Per kg", "Orders"],
          rows: fcs.map((row) => [row.fc_code, formatCents(row.average_per_kg), row.orders]),
        }}
      >
        <BarChart
          colors={colors}
          height={bandsHeight(fcs.length)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: fcs.map((row) => row.fc_code), width: 64 }]}
          xAxis={[{ valueFormatter: (v: number) => formatCents(v) }]}
          series={[
            {
              data: fcs.map((row) => row.average_per_kg),
              label: "Per kg",
              valueFormatter: (v) => formatCents(v),
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title="Delivered on time"
        summary={
          measured === 0
            ? "No delivery has been measured against its ETA yet."
            : `${on_time} of ${measured} measured orders arrived by their ETA.`
        }
        table={{
          columns: ["Measure", "Value"],
          rows: [
            ["On time", on_time],
            ["Measured", measured],
            ["Share on time", formatShare(rate)],
          ],
        }}
      >
        <Box sx={{ display: "grid", placeItems: "center" }}>
          <Gauge
            height={CHART_HEIGHT - 40}
            width={220}
            value={rate === null ? 0 : Math.round(rate * 100)}
            valueMin={0}
            valueMax={100}
            startAngle={-110}
            endAngle={110}
            innerRadius="70%"
            text={formatShare(rate)}
            skipAnimation
          />
        </Box>
      </ChartFigure>
      <ChartFigure
        title="Open orders by status"
        summary={`${openTotal} open order${openTotal === 1 ? "" : "s"}.`}
        table={{
          columns: ["Status", "Orders"],
          rows: open.map((row) => [row.status, row.count]),
        }}
      >
        <BarChart
          colors={colors}
          height={bandsHeight(open.length)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: open.map((row) => row.status), width: 132 }]}
          xAxis={[countAxis(open.map((row) => row.count))]}
          series={[{ data: open.map((row) => row.count), label: "Orders" }]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
    </ChartGrid>
  );
}

/** The seller's dashboard charts (its own chunk, with the chart library). */
export default function SellerAnalytics() {
  return <AnalyticsData role="seller">{(data) => <SellerCharts data={data} />}</AnalyticsData>;
}
