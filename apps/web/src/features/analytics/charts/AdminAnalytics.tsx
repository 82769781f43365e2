import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { Box, Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { AdminAnalytics as Figures } from "@fba/contract";
import { paths } from "../../../app/paths";
import { ChartFigure, StatFigure } from "../components/ChartFigure";
import { useAnalyticsFormats } from "../lib/format";
import { useAnalyticsT } from "../i18n";
import { AnalyticsData, CHART_HEIGHT, ChartGrid, useChartColors } from "./layout";

export function AdminCharts({ data }: { data: Figures }) {
  const { t } = useAnalyticsT();
  const f = useAnalyticsFormats();
  const monthAxis = (months: string[]) => ({
    data: months,
    valueFormatter: (month: string, context: { location: string }) =>
      context.location === "tick" ? f.shortMonth(month) : f.longMonth(month),
  });
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
          label={t("admin.medianFirstBid")}
          value={f.minutes(data.median_minutes_to_first_bid)}
          detail={t("admin.medianFirstBidDetail")}
        />
        <StatFigure
          label={t("admin.disputesOpen")}
          value={String(data.disputes_open)}
          detail={t("admin.disputesOpenDetail")}
          action={
            <Link component={RouterLink} to={paths.admin.disputes}>
              {t("admin.openDisputes")}
            </Link>
          }
        />
      </Box>
      <ChartGrid>
        <ChartFigure
          title={t("admin.bookingsTitle")}
          summary={t("admin.bookingsSummary", { bookings, months: rows.length })}
          table={{
            columns: [t("month"), t("admin.bookings")],
            rows: rows.map((row) => [f.longMonth(row.month), row.bookings]),
          }}
        >
          <BarChart
            colors={colors}
            height={CHART_HEIGHT}
            xAxis={[{ ...monthAxis(months), scaleType: "band" }]}
            yAxis={[{ ...f.countAxis(rows.map((row) => row.bookings)), width: 40 }]}
            series={[{ data: rows.map((row) => row.bookings), label: t("admin.bookings") }]}
            hideLegend
            skipAnimation
          />
        </ChartFigure>
        <ChartFigure
          title={t("admin.gmvTitle")}
          summary={t("admin.gmvSummary", { gmv: f.dollars(gmv), months: rows.length })}
          table={{
            columns: [t("month"), t("admin.gmv")],
            rows: rows.map((row) => [f.longMonth(row.month), f.dollars(row.gmv)]),
          }}
        >
          <LineChart
            colors={colors}
            height={CHART_HEIGHT}
            xAxis={[{ ...monthAxis(months), scaleType: "point" }]}
            yAxis={[{ ...f.moneyAxis(rows.map((row) => row.gmv)), width: 72 }]}
            series={[
              {
                data: rows.map((row) => row.gmv),
                label: t("admin.gmv"),
                area: true,
                curve: "linear",
                valueFormatter: (v) => f.dollars(v),
              },
            ]}
            hideLegend
            skipAnimation
          />
        </ChartFigure>
        <ChartFigure
          title={t("admin.bidsTitle")}
          wide
          summary={
            average === null
              ? t("admin.bidsNone")
              : t("admin.bidsSummary", { count: Math.round(average * 10) / 10 })
          }
          table={{
            columns: [t("admin.bids"), t("admin.shipments")],
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
                label: t("admin.bidsAxis"),
              },
            ]}
            yAxis={[{ ...f.countAxis(distribution.map((row) => row.shipments)), width: 40 }]}
            series={[
              { data: distribution.map((row) => row.shipments), label: t("admin.shipments") },
            ]}
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
