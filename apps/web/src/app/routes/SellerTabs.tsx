import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Box, Button, Stack, Typography } from "@mui/material";
import { styled } from "@mui/material/styles";
import AddIcon from "@mui/icons-material/Add";
import { Link as RouterLink, useLocation } from "react-router";
import { paths } from "../paths";
import { useListsT } from "../../i18n/lists";

// The sample form (and its form and schema libraries) loads on first use, not with the list.
const SampleShipmentDialog = lazy(() =>
  import("../../features/samples/components/SampleShipmentDialog").then((m) => ({
    default: m.SampleShipmentDialog,
  })),
);

const TABS = [
  { key: "current", to: paths.seller.active },
  { key: "completed", to: paths.seller.completed },
  { key: "cancelled", to: paths.seller.cancelled },
  { key: "samples", to: paths.seller.samples },
] as const;

function activeTab(pathname: string): string {
  const path = pathname.replace(/\/$/, "");
  const exact = TABS.find((tab) => tab.to === path);
  if (exact) return exact.to;
  // Pending and recent orders are part of the current shipments.
  return TABS[0].to;
}

/*
 * The strip is a tab list of links drawn as MUI's tabs (a line under the selected one), without
 * MUI's Tabs: its measuring, indicator animation and scroll buttons are about 6 KB gzip of the
 * list's first download. On a phone the four tabs share the width, each label on up to two lines,
 * so none is cut off; wider, the strip scrolls sideways when it must.
 */
const Strip = styled("div")(({ theme }) => ({
  position: "relative",
  display: "flex",
  overflowX: "auto",
  scrollbarWidth: "thin",
  borderBottom: `1px solid ${theme.palette.divider}`,
  marginBottom: theme.spacing(2),
  "& > a": {
    ...theme.typography.button,
    flexShrink: 0,
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    textAlign: "center",
    minHeight: 48,
    maxWidth: 360,
    padding: "12px 16px",
    color: theme.palette.text.secondary,
    textDecoration: "none",
    outline: 0,
    "&:hover": { color: theme.palette.text.primary },
    "&:focus-visible": { backgroundColor: theme.palette.action.focus },
    "&[aria-selected=true]": {
      color: theme.palette.primary.main,
      boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}`,
    },
  },
  [theme.breakpoints.down("sm")]: {
    "& > a": { flex: "1 1 0", minWidth: 0, padding: "12px 4px", lineHeight: 1.25 },
  },
}));

/** Arrow keys, Home and End move between the tabs, as in any tab list. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.indexOf(document.activeElement as HTMLElement);
  const next = {
    ArrowRight: at + 1,
    ArrowLeft: at - 1,
    Home: 0,
    End: tabs.length - 1,
  }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  tabs[(next + tabs.length) % tabs.length]?.focus();
}

/**
 * The seller list pages' tab strip, then the page title with the Create Sample Shipment and New
 * Booking buttons.
 */
export function SellerTabs({ title }: { title?: string }) {
  const { t } = useListsT();
  const { pathname } = useLocation();
  const [isSampleOpen, setSampleOpen] = useState(false);
  const [isSampleMounted, setSampleMounted] = useState(false);
  const current = activeTab(pathname);
  const strip = useRef<HTMLDivElement>(null);
  // Where the strip scrolls, the selected tab comes into sight.
  useEffect(() => {
    const box = strip.current;
    const tab = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !tab) return;
    if (tab.offsetLeft < box.scrollLeft) box.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > box.scrollLeft + box.clientWidth)
      box.scrollLeft = tab.offsetLeft + tab.offsetWidth - box.clientWidth;
  }, [current]);
  return (
    <Box sx={{ mb: 2 }}>
      <Strip ref={strip} role="tablist" aria-label={t("tabs.label")} onKeyDown={moveFocus}>
        {TABS.map((tab) => {
          const selected = tab.to === current;
          return (
            <RouterLink
              key={tab.to}
              to={tab.to}
              role="tab"
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
            >
              {t(`tabs.${tab.key}`)}
            </RouterLink>
          );
        })}
      </Strip>
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
            {t("actions.createSample")}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={paths.seller.newShipment}
          >
            {t("actions.newBooking")}
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
