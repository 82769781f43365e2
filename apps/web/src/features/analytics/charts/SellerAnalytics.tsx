import { BarChart } from "@mui/x-charts/BarChart";
import { Gauge } from "@mui/x-charts/Gauge";
import { Box } from "@mui/material";
import type { SellerAnalytics as Figures } from "@fba/contract";
import { ChartFigure } from "../components/ChartFigure";
import { useAnalyticsFormats } from "../lib/format";
import { useListsT } from "../../../i18n/lists";
import { useAnalyticsT } from "../i18n";
import { AnalyticsData, bandsHeight, CHART_HEIGHT, ChartGrid, useChartColors } from "./layout";

export function SellerCharts({ data }: { data: Figures }) {
  const { t } = useAnalyticsT();
  const { t: tLists } = useListsT();
  const f = useAnalyticsFormats();
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
        title={t("seller.spendTitle")}
        summary={t("seller.spendSummary", {
          amount: f.dollars(totalSpend),
          months: spend.length,
        })}
        table={{
          columns: [t("month"), t("seller.spend")],
          rows: spend.map((row) => [f.longMonth(row.month), f.dollars(row.amount)]),
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
                context.location === "tick" ? f.shortMonth(month) : f.longMonth(month),
            },
          ]}
          yAxis={[{ ...f.moneyAxis(spend.map((row) => row.amount)), width: 64 }]}
          series={[
            {
              data: spend.map((row) => row.amount),
              label: t("seller.spend"),
              valueFormatter: (v) => f.dollars(v),
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title={t("seller.perKgTitle")}
        summary={t("seller.perKgSummary")}
        empty={fcs.length === 0 ? t("seller.perKgEmpty") : undefined}
        table={{
          columns: [t("seller.fc"), t("seller.perKg"), t("seller.orders")],
          rows: fcs.map((row) => [row.fc_code, f.cents(row.average_per_kg), row.orders]),
        }}
      >
        <BarChart
          colors={colors}
          height={bandsHeight(fcs.length)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: fcs.map((row) => row.fc_code), width: 64 }]}
          xAxis={[{ valueFormatter: (v: number) => f.cents(v) }]}
          series={[
            {
              data: fcs.map((row) => row.average_per_kg),
              label: t("seller.perKg"),
              valueFormatter: (v) => f.cents(v),
            },
          ]}
          hideLegend
          skipAnimation
        />
      </ChartFigure>
      <ChartFigure
        title={t("seller.onTimeTitle")}
        summary={
          measured === 0
            ? t("seller.onTimeNone")
            : t("seller.onTimeSummary", { onTime: on_time, measured })
        }
        table={{
          columns: [t("seller.measure"), t("seller.value")],
          rows: [
            [t("seller.onTime"), on_time],
            [t("seller.measured"), measured],
            [t("seller.shareOnTime"), f.share(rate)],
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
            text={f.share(rate)}
            skipAnimation
          />
        </Box>
      </ChartFigure>
      <ChartFigure
        title={t("seller.openTitle")}
        summary={t("seller.openSummary", { count: openTotal })}
        table={{
          columns: [t("seller.status"), t("seller.orders")],
          rows: open.map((row) => [tLists(`status.${row.status}`), row.count]),
        }}
      >
        <BarChart
          colors={colors}
          height={bandsHeight(open.length)}
          layout="horizontal"
          yAxis={[
            {
              scaleType: "band",
              data: open.map((row) => tLists(`status.${row.status}`)),
              width: 132,
            },
          ]}
          xAxis={[f.countAxis(open.map((row) => row.count))]}
          series={[{ data: open.map((row) => row.count), label: t("seller.orders") }]}
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
