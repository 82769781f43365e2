import { Box } from "@mui/material";
import PendingQuotationsPage from "../../features/bidding/pages/PendingQuotationsPage";
import { AnalyticsSection } from "../../features/analytics/components/AnalyticsSection";

/**
 * The agent's landing (/shipper/dashboard): the pending quotations as the spec has them, then the
 * agent's analytics below, whose charts load only when scrolled near.
 */
export default function ShipperDashboardPage() {
  return (
    <>
      <PendingQuotationsPage />
      <Box sx={{ mt: 4 }}>
        <AnalyticsSection role="agent" />
      </Box>
    </>
  );
}
