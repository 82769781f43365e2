import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from "@mui/material";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import GavelOutlined from "@mui/icons-material/GavelOutlined";
import HourglassTopOutlined from "@mui/icons-material/HourglassTopOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import PeopleAltOutlined from "@mui/icons-material/PeopleAltOutlined";
import { AdminSamplesTable } from "../../features/samples/components/AdminSamplesTable";
import { AdminShipmentsTable } from "../../features/admin/components/AdminShipmentsTable";
import { AnalyticsSection } from "../../features/analytics/components/AnalyticsSection";
import { CountCard } from "../../features/admin/components/CountCard";
import { useAdminDashboard } from "../../features/admin/api/get-admin-dashboard";
import { QueryNotice } from "../../components/query-state/QueryState";
import { paths } from "../paths";
import { useAdminT } from "../../features/admin/i18n";

type TabName = "shipments" | "samples";

/** Counts, every shipment and every sample shipment, with shortcuts to the admin tools. */
export default function AdminDashboardPage() {
  const { t } = useAdminT();
  const dashboard = useAdminDashboard();
  const counts = dashboard.data;
  // Skeletons while the first answer is on its way, not while it cannot come (offline, failed).
  const isPending = dashboard.isPending && dashboard.fetchStatus === "fetching";
  const [searchParams, setSearchParams] = useSearchParams();
  const initialTab = searchParams.get("tab") === "samples" ? "samples" : "shipments";
  const [tab, setTab] = useState<TabName>(initialTab);
  const byStatus = counts?.shipments.by_status;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t("dashboard.title")}
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
          <Button component={RouterLink} to={paths.admin.users} variant="outlined">
            {t("dashboard.links.users")}
          </Button>
          <Button component={RouterLink} to={paths.admin.warehouses} variant="outlined">
            {t("dashboard.links.warehouses")}
          </Button>
          <Button component={RouterLink} to={paths.admin.announcements} variant="outlined">
            {t("dashboard.links.announcements")}
          </Button>
        </Stack>
      </Stack>

      <Box>
        <QueryNotice query={dashboard} what={t("dashboard.counts")} />
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(3, 1fr)", xl: "repeat(6, 1fr)" },
          }}
        >
          <CountCard
            testId="Shipments"
            label={t("dashboard.cards.shipments")}
            value={counts?.shipments.total}
            icon={<LocalShippingOutlined />}
            isLoading={isPending}
          />
          <CountCard
            testId="Open for bids"
            label={t("dashboard.cards.openForBids")}
            value={counts?.shipments.open_for_bids}
            detail={
              counts
                ? t("dashboard.cards.closedWithoutBids", {
                    count: counts.shipments.closed_without_bids,
                  })
                : undefined
            }
            icon={<GavelOutlined />}
            isLoading={isPending}
          />
          <CountCard
            testId="Awaiting seller"
            label={t("dashboard.cards.awaitingSeller")}
            value={byStatus?.["Quotation Approved"]}
            icon={<HourglassTopOutlined />}
            isLoading={isPending}
          />
          <CountCard
            testId="Completed"
            label={t("dashboard.cards.completed")}
            value={byStatus?.["Shipment Completed"]}
            detail={
              byStatus
                ? t("dashboard.cards.inProgress", { count: byStatus["Quotation Accepted"] })
                : undefined
            }
            icon={<TaskAltOutlined />}
            isLoading={isPending}
          />
          <CountCard
            testId="Sample Shipments"
            label={t("dashboard.cards.samples")}
            value={counts?.sample_shipments.total}
            detail={
              counts
                ? t("dashboard.cards.pending", {
                    count: counts.sample_shipments.by_status["Shipment Pending"],
                  })
                : undefined
            }
            icon={<Inventory2Outlined />}
            isLoading={isPending}
          />
          <CountCard
            testId="Users"
            label={t("dashboard.cards.users")}
            value={counts?.users.total}
            detail={
              counts ? t("dashboard.cards.disabled", { count: counts.users.disabled }) : undefined
            }
            icon={<PeopleAltOutlined />}
            isLoading={isPending}
          />
        </Box>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) => {
            setTab(value);
            setSearchParams(value === "samples" ? { tab: value } : {}, { replace: true });
          }}
          sx={{ mb: 2 }}
          aria-label={t("dashboard.tabs.label")}
        >
          <Tab value="shipments" label={t("dashboard.tabs.shipments")} />
          <Tab value="samples" label={t("dashboard.tabs.samples")} />
        </Tabs>
        {tab === "shipments" ? <AdminShipmentsTable /> : <AdminSamplesTable />}
      </Paper>
      <AnalyticsSection role="admin" />
    </Stack>
  );
}
