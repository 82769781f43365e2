import { lazy, Suspense, useState } from "react";
import { Link as RouterLink, Outlet, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import MenuIcon from "@mui/icons-material/Menu";
import { BrandLogo } from "../../components/BrandLogo";
import { DeferredNotificationBell } from "../../features/notifications/components/DeferredNotificationBell";
import { logout, useCurrentUser } from "../../lib/session";
import { useSyncCurrentUser } from "../../features/layout/api/get-me";
import { UserMenu } from "../../features/layout/components/UserMenu";
import { theme } from "../theme";
import { PRODUCT_NAME } from "@fba/contract/constants";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { useAccountLocale } from "../../i18n/account-locale";
import { useShellT } from "../../i18n/shell";

const SampleShipmentDialog = lazy(() =>
  import("../../features/samples/components/SampleShipmentDialog").then((m) => ({
    default: m.SampleShipmentDialog,
  })),
);

// The sidebar (its menus of every role with their icons, and MUI's list components) is a chunk of
// its own: a phone shows it only in the drawer, after a tap. A wider screen, which shows it beside
// every page, starts fetching it as this module loads, alongside the page's own code, and shows
// the layout once it is in (no sidebar appearing after the page).
const loadSidebar = () => import("../../features/layout/components/Sidebar");
const Sidebar = lazy(() => loadSidebar().then((m) => ({ default: m.Sidebar })));
const WIDE = theme.breakpoints.up("md").replace("@media ", "");
if (typeof window !== "undefined" && window.matchMedia?.(WIDE).matches) {
  void loadSidebar().catch(() => {
    // Retried, and reported, when the layout renders it.
  });
}

const PhoneDrawer = lazy(() =>
  import("../../features/layout/components/PhoneDrawer").then((m) => ({ default: m.PhoneDrawer })),
);

export const SIDEBAR_WIDTH = 264;

/** The authenticated layout: sidebar (a drawer under 768 px), header and the routed page. */
export default function AppLayout() {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The phone's drawer is built on its first opening, not with every page (its sidebar is a
  // hundred elements the first paint does not show), and then kept for the next.
  const [drawerMounted, setDrawerMounted] = useState(false);
  const [sampleOpen, setSampleOpen] = useState(false);
  const [sampleMounted, setSampleMounted] = useState(false);
  const user = useCurrentUser();
  useSyncCurrentUser();
  // The account's language, once signed in (at login, and when `me` says another).
  useAccountLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useShellT();

  const handleLogout = async () => {
    await logout();
    queryClient.clear();
    void navigate("/", { replace: true });
  };
  const openSampleDialog = () => {
    setSampleMounted(true);
    setSampleOpen(true);
  };

  const sidebar = (
    <Sidebar
      group={user?.groups}
      isMobile={isMobile}
      onNavigate={() => setDrawerOpen(false)}
      onOpenSampleDialog={openSampleDialog}
      onLogout={() => void handleLogout()}
    />
  );

  return (
    <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "background.default" }}>
      {isMobile ? (
        drawerMounted && (
          <Suspense fallback={null}>
            <PhoneDrawer
              open={drawerOpen}
              width={SIDEBAR_WIDTH}
              onClose={() => setDrawerOpen(false)}
            >
              <Suspense fallback={null}>{sidebar}</Suspense>
            </PhoneDrawer>
          </Suspense>
        )
      ) : (
        // What MUI's permanent drawer is, without the modal code its temporary form brings along.
        <Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}>
          <Paper
            square
            elevation={0}
            sx={{
              position: "fixed",
              top: 0,
              left: 0,
              height: "100%",
              width: SIDEBAR_WIDTH,
              overflowY: "auto",
              display: "flex",
              flexDirection: "column",
              zIndex: "drawer",
              borderRight: 1,
              borderColor: "divider",
            }}
          >
            {sidebar}
          </Paper>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <AppBar
          position="sticky"
          sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
        >
          <Toolbar sx={{ gap: 1, minHeight: { xs: 60, sm: 64 } }}>
            {isMobile && (
              <IconButton
                edge="start"
                aria-label={t("header.openMenu")}
                aria-controls={drawerMounted ? "app-sidebar" : undefined}
                aria-expanded={drawerOpen}
                onClick={() => {
                  setDrawerMounted(true);
                  setDrawerOpen(true);
                }}
              >
                <MenuIcon />
              </IconButton>
            )}
            {isMobile && (
              <RouterLink
                to="/"
                aria-label={t("header.home", { brand: PRODUCT_NAME })}
                style={{ display: "inline-flex", textDecoration: "none" }}
              >
                <BrandLogo size="small" compact />
              </RouterLink>
            )}
            <Box sx={{ flex: 1 }} />
            <LanguageSwitch compact />
            <DeferredNotificationBell />
            <UserMenu user={user} onLogout={() => void handleLogout()} />
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main-content"
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, width: "100%", maxWidth: 1440, mx: "auto" }}
        >
          <Outlet />
        </Box>
      </Box>
      {sampleMounted && (
        <Suspense fallback={null}>
          <SampleShipmentDialog open={sampleOpen} onClose={() => setSampleOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
