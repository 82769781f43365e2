import { useState } from "react";
import { Box, Button, Stack, Tab, Tabs } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { Link as RouterLink, useLocation } from "react-router";
import { SampleShipmentDialog } from "../../samples/components/SampleShipmentDialog";

const TABS = [
  { label: "Current Shipments", to: "/seller/booking" },
  { label: "Completed Shipments", to: "/seller/booking/pastorders" },
  { label: "Cancelled Shipments", to: "/seller/booking/cancelledorders" },
  { label: "Sample Shipments", to: "/seller/booking/sampleshipments" },
] as const;

function activeTab(pathname: string): string {
  const path = pathname.replace(/\/$/, "");
  const exact = TABS.find((tab) => tab.to === path);
  if (exact) return exact.to;
  // Pending and recent orders are part of the current shipments.
  return TABS[0].to;
}

/** The seller list pages' tab strip with the Create Sample Shipment and New Booking buttons. */
export function SellerTabs() {
  const { pathname } = useLocation();
  const [isSampleOpen, setSampleOpen] = useState(false);
  return (
    <Stack
      direction={{ xs: "column", md: "row" }}
      spacing={1.5}
      sx={{
        mb: 2,
        alignItems: { xs: "stretch", md: "center" },
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <Tabs
        value={activeTab(pathname)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Shipment lists"
        sx={{ flex: 1, minWidth: 0 }}
      >
        {TABS.map((tab) => (
          <Tab key={tab.to} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
        ))}
      </Tabs>
      <Box sx={{ display: "flex", gap: 1, pb: { xs: 1.5, md: 0 }, flexWrap: "wrap" }}>
        <Button variant="outlined" onClick={() => setSampleOpen(true)}>
          Create Sample Shipment
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/quotes">
          New Booking
        </Button>
      </Box>
      <SampleShipmentDialog open={isSampleOpen} onClose={() => setSampleOpen(false)} />
    </Stack>
  );
}
