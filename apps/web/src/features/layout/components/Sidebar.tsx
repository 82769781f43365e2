import { Link as RouterLink, useLocation } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import AddIcon from "@mui/icons-material/Add";
import Inventory2OutlinedIcon from "@mui/icons-material/Inventory2Outlined";
import LogoutIcon from "@mui/icons-material/Logout";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import type { Group } from "@fba/contract";
import { BrandLogo } from "../../../components/BrandLogo";
import { useQuery } from "@tanstack/react-query";
import { isMenuItemActive, SELLER_ORDER, visibleMenu } from "./menus";
import { shipmentQueryOptions } from "../../../entities/shipment/api/get-shipment";
import { paths, profilePathFor } from "../../../app/paths";
import { PRODUCT_NAME } from "@fba/contract/constants";
import { useShellT } from "../../../i18n/shell";

interface SidebarProps {
  group: Group | undefined;
  /** The drawer variant: Settings and Logout appear at the bottom only on small screens. */
  isMobile: boolean;
  onNavigate: () => void;
  onOpenSampleDialog: () => void;
  onLogout: () => void;
}

export function Sidebar({
  group,
  isMobile,
  onNavigate,
  onOpenSampleDialog,
  onLogout,
}: SidebarProps) {
  const { pathname, search } = useLocation();
  const { t } = useShellT();
  const items = group ? visibleMenu(group, pathname) : [];
  // The seller's shipment page: the shipment as the page read it (this reads no more).
  const shipmentId = pathname.startsWith(SELLER_ORDER)
    ? Number(pathname.slice(SELLER_ORDER.length).split("/")[0])
    : NaN;
  const shown = useQuery({ ...shipmentQueryOptions(shipmentId), enabled: false });
  const status = Number.isInteger(shipmentId) ? shown.data?.status : undefined;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Box sx={{ px: 2.5, height: 64, display: "flex", alignItems: "center", flexShrink: 0 }}>
        <RouterLink
          to="/"
          onClick={onNavigate}
          aria-label={t("header.home", { brand: PRODUCT_NAME })}
          style={{ textDecoration: "none", display: "inline-flex" }}
        >
          <BrandLogo />
        </RouterLink>
      </Box>
      <Box
        component="nav"
        aria-label={t("sidebar.label")}
        sx={{ flex: 1, overflowY: "auto", px: 1.5, py: 1 }}
      >
        <List disablePadding sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
          {items.map((item) => {
            const active = isMenuItemActive(item, pathname, search, status);
            return (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.to}
                  selected={active}
                  aria-current={active ? "page" : undefined}
                  onClick={onNavigate}
                >
                  <ListItemIcon sx={{ minWidth: 38 }}>{item.icon}</ListItemIcon>
                  <ListItemText
                    primary={t(`menu.${item.label}` as "menu.Dashboard", {
                      defaultValue: item.label,
                    })}
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: 500, fontSize: "0.95rem" } },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {group === "Seller" && (
          <Stack sx={{ gap: 1, mt: 2.5, px: 0.5 }}>
            <Button
              component={RouterLink}
              to={paths.seller.newShipment}
              onClick={onNavigate}
              variant="contained"
              startIcon={<AddIcon />}
              fullWidth
            >
              {t("sidebar.addShipment")}
            </Button>
            <Button
              onClick={() => {
                onNavigate();
                onOpenSampleDialog();
              }}
              variant="outlined"
              startIcon={<Inventory2OutlinedIcon />}
              fullWidth
            >
              {t("sidebar.sampleShipment")}
            </Button>
          </Stack>
        )}
      </Box>
      {isMobile && (
        <List sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: "divider" }}>
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to={profilePathFor(group)} onClick={onNavigate}>
              <ListItemIcon sx={{ minWidth: 38 }}>
                <SettingsOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary={t("sidebar.settings")} />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                onNavigate();
                onLogout();
              }}
            >
              <ListItemIcon sx={{ minWidth: 38 }}>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={t("sidebar.logout")} />
            </ListItemButton>
          </ListItem>
        </List>
      )}
    </Box>
  );
}
