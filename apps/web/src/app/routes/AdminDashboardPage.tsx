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

type TabName = "shipments" | "samples";

/** Counts, every shipment and every sample shipment, with shortcuts to the admin tools. */
export default function AdminDashboardPage() {
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
          Admin Dashboard
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
          <Button component={RouterLink} to={paths.admin.users} variant="outlined">
            Users
          </Button>
          <Button component={RouterLink} to={paths.admin.warehouses} variant="outlined">
            Warehouses
          </Button>
          <Button component={RouterLink} to={paths.admin.announcements} variant="outlined">
            Announcements
          </Button>
        </Stack>
      </Stack>

      <Box>
        <QueryNotice query={dashboard} what="the counts" />
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(3, 1fr)", xl: "repeat(6, 1fr)" },
          }}
        >
          <CountCard
            label="Shipments"
            value={counts?.shipments.total}
            icon={<LocalShippingOutlined />}
            isLoading={isPending}
          />
          <CountCard
            label="Open for bids"
            value={counts?.shipments.open_for_bids}
            detail={
              counts ? `${counts.shipments.closed_without_bids} closed without bids` : undefined
            }
            icon={<GavelOutlined />}
            isLoading={isPending}
          />
          <CountCard
            label="Awaiting seller"
            value={byStatus?.["Quotation Approved"]}
            icon={<HourglassTopOutlined />}
            isLoading={isPending}
          />
          <CountCard
            label="Completed"
            value={byStatus?.["Shipment Completed"]}
            detail={byStatus ? `${byStatus["Quotation Accepted"]} in progress` : undefined}
            icon={<TaskAltOutlined />}
            isLoading={isPending}
          />
          <CountCard
            label="Sample Shipments"
            value={counts?.sample_shipments.total}
            detail={
              counts
                ? `${counts.sample_shipments.by_status["Shipment Pending"]} pending`
                : undefined
            }
            icon={<Inventory2Outlined />}
            isLoading={isPending}
          />
          <CountCard
            label="Users"
            value={counts?.users.total}
            detail={counts ? `${counts.users.disabled} disabled` : undefined}
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
          aria-label="Lists"
        >
          <Tab value="shipments" label="Shipments" />
          <Tab value="samples" label="Sample Shipments" />
        </Tabs>
        {tab === "shipments" ? <AdminShipmentsTable /> : <AdminSamplesTable />}
      </Paper>
      <AnalyticsSection role="admin" />
    </Stack>
  );
}
