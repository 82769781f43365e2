import { useState, type ReactNode } from "react";
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import AddIcon from "@mui/icons-material/Add";
import { Link as RouterLink } from "react-router";
import { LatestAnnouncementCard } from "../../features/announcements/components/LatestAnnouncementCard";
import { AnalyticsSection } from "../../features/analytics/components/AnalyticsSection";
import { SampleShipmentDialog } from "../../features/samples/components/SampleShipmentDialog";
import { useCurrentUser } from "../../lib/session";
import { useSellerDashboard } from "../../entities/shipment/api/get-seller-dashboard";
import { QueryNotice } from "../../components/query-state/QueryState";
import { BidWindowText } from "../../components/BidWindowText";
import { paths } from "../paths";
import { useSellerT } from "./seller-i18n";
import { Trans } from "react-i18next";

function CountCard({
  label,
  testId,
  value,
  icon,
  to,
  isLoading,
}: {
  label: string;
  /** The card's test id: its English label, the same in every language. */
  testId: string;
  value: number | undefined;
  icon: ReactNode;
  to: string;
  isLoading: boolean;
}) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ height: "100%" }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 2,
                display: "grid",
                placeItems: "center",
                bgcolor: "primary.main",
                color: "primary.contrastText",
                flexShrink: 0,
              }}
              aria-hidden
            >
              {icon}
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
                {isLoading ? <Skeleton width={40} /> : (value ?? "–")}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function CallToAction({
  title,
  text,
  action,
}: {
  title: string;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Stack spacing={1.5} sx={{ height: "100%" }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {text}
          </Typography>
          <Box>{action}</Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Seller landing: counts, the two ways to start a shipment, the latest announcement. */
export default function SellerDashboardPage() {
  const user = useCurrentUser();
  const { t } = useSellerT();
  const counts = useSellerDashboard();
  const [isSampleOpen, setSampleOpen] = useState(false);
  // Skeletons while the first answer is on its way, not while it cannot come (offline, failed).
  const isLoading = counts.isPending && counts.fetchStatus === "fetching";

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {user ? t("dashboard.welcome", { name: user.first_name }) : t("dashboard.title")}
      </Typography>
      <QueryNotice query={counts} what="your counts" />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" },
        }}
      >
        <CountCard
          label={t("dashboard.counts.active")}
          testId="Active Shipment"
          value={counts.data?.active_shipments}
          icon={<LocalShippingOutlined />}
          to={paths.seller.active}
          isLoading={isLoading}
        />
        <CountCard
          label={t("dashboard.counts.samples")}
          testId="Sample Shipment"
          value={counts.data?.sample_shipments}
          icon={<Inventory2Outlined />}
          to={paths.seller.samples}
          isLoading={isLoading}
        />
        <CountCard
          label={t("dashboard.counts.completed")}
          testId="Complete Shipment"
          value={counts.data?.completed_shipments}
          icon={<TaskAltOutlined />}
          to={paths.seller.completed}
          isLoading={isLoading}
        />
      </Box>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" },
        }}
      >
        <CallToAction
          title={t("dashboard.newShipment.title")}
          text={
            <Trans
              t={t}
              i18nKey="dashboard.newShipment.text"
              components={{ window: <BidWindowText /> }}
            />
          }
          action={
            <Button
              variant="contained"
              // The same mark as the menu's Add Shipment and the tab strip's New Booking: one action.
              startIcon={<AddIcon />}
              component={RouterLink}
              to={paths.seller.newShipment}
            >
              {t("dashboard.newShipment.action")}
            </Button>
          }
        />
        <CallToAction
          title={t("dashboard.sample.title")}
          text={t("dashboard.sample.text")}
          action={
            <Button variant="outlined" onClick={() => setSampleOpen(true)}>
              {t("dashboard.sample.action")}
            </Button>
          }
        />
      </Box>
      <LatestAnnouncementCard />
      <AnalyticsSection role="seller" />
      <SampleShipmentDialog open={isSampleOpen} onClose={() => setSampleOpen(false)} />
    </Stack>
  );
}
