import { lazy, Suspense, useState } from "react";
import { Box, Button, Stack, Tab, Tabs, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import AddIcon from "@mui/icons-material/Add";
import { Link as RouterLink, useLocation } from "react-router";
import { paths } from "../paths";

// The sample form (and its form and schema libraries) loads on first use, not with the list.
const SampleShipmentDialog = lazy(() =>
  import("../../features/samples/components/SampleShipmentDialog").then((m) => ({
    default: m.SampleShipmentDialog,
  })),
);

const TABS = [
  { label: "Current Shipments", to: paths.seller.active },
  { label: "Completed Shipments", to: paths.seller.completed },
  { label: "Cancelled Shipments", to: paths.seller.cancelled },
  { label: "Sample Shipments", to: paths.seller.samples },
] as const;

function activeTab(pathname: string): string {
  const path = pathname.replace(/\/$/, "");
  const exact = TABS.find((tab) => tab.to === path);
  if (exact) return exact.to;
  // Pending and recent orders are part of the current shipments.
  return TABS[0].to;
}

/**
 * The seller list pages' tab strip, then the page title with the Create Sample Shipment and New
 * Booking buttons.
 */
export function SellerTabs({ title }: { title?: string }) {
  const { pathname } = useLocation();
  const [isSampleOpen, setSampleOpen] = useState(false);
  const [isSampleMounted, setSampleMounted] = useState(false);
  const isPhone = useMediaQuery(useTheme().breakpoints.down("sm"));
  return (
    <Box sx={{ mb: 2 }}>
      {/* On a phone the four tabs share the width, each label on two lines, so none is cut off.
          Wider, the strip scrolls when it must, with both arrows in sight while it does. */}
      <Tabs
        value={activeTab(pathname)}
        variant={isPhone ? "fullWidth" : "scrollable"}
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Shipment lists"
        sx={{
          borderBottom: 1,
          borderColor: "divider",
          mb: 2,
          "& .MuiTab-root": isPhone ? { minWidth: 0, px: 0.5, lineHeight: 1.25 } : {},
          "& .MuiTabScrollButton-root": { width: 32 },
          "& .MuiTabScrollButton-root.Mui-disabled": { opacity: 0.3 },
        }}
      >
        {TABS.map((tab) => (
          <Tab key={tab.to} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
        ))}
      </Tabs>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{
          alignItems: { xs: "stretch", sm: "center" },
          justifyContent: title ? "space-between" : "flex-end",
        }}
      >
        {title && (
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        )}
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button
            variant="outlined"
            onClick={() => {
              setSampleMounted(true);
              setSampleOpen(true);
            }}
          >
            Create Sample Shipment
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={paths.seller.newShipment}
          >
            New Booking
          </Button>
        </Stack>
      </Stack>
      {isSampleMounted && (
        <Suspense fallback={null}>
          <SampleShipmentDialog open={isSampleOpen} onClose={() => setSampleOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}

export const sellerTabs = (title: string) => <SellerTabs title={title} />;
