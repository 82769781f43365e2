import type { ReactNode } from "react";
import type { Group } from "@fba/contract";
import DashboardOutlinedIcon from "@mui/icons-material/DashboardOutlined";
import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
import Inventory2OutlinedIcon from "@mui/icons-material/Inventory2Outlined";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import RequestQuoteOutlinedIcon from "@mui/icons-material/RequestQuoteOutlined";
import HistoryIcon from "@mui/icons-material/History";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import PeopleOutlineIcon from "@mui/icons-material/PeopleOutline";
import WarehouseOutlinedIcon from "@mui/icons-material/WarehouseOutlined";

export interface MenuItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Other paths (prefixes ending in '/', or exact paths) that highlight this entry. */
  alsoActiveOn?: string[];
  /** Shown only on these exact paths. */
  onlyOn?: string[];
}

const SELLER_DASHBOARD_PATHS = ["/seller/dashboard", "/seller/home"];

export const MENUS: Record<Group, MenuItem[]> = {
  Seller: [
    {
      label: "Dashboard",
      to: "/seller/dashboard",
      icon: <DashboardOutlinedIcon />,
      alsoActiveOn: ["/seller/home", "/seller/announcement", "/seller/announcement/"],
    },
    {
      label: "Active Shipments",
      to: "/seller/booking",
      icon: <LocalShippingOutlinedIcon />,
      alsoActiveOn: [
        "/seller/booking/status",
        "/seller/booking/recentorders",
        "/seller/booking/pendingorders",
        "/seller/booking/order/status/",
        "/seller/booking/recentorderstatus/",
      ],
    },
    {
      // The spec shows this entry on the seller dashboard only.
      label: "Sample Shipment",
      to: "/seller/booking/sampleshipments",
      icon: <Inventory2OutlinedIcon />,
      onlyOn: SELLER_DASHBOARD_PATHS,
    },
    { label: "Completed Shipments", to: "/seller/booking/pastorders", icon: <TaskAltIcon /> },
    {
      label: "Cancelled Shipments",
      to: "/seller/booking/cancelledorders",
      icon: <CancelOutlinedIcon />,
    },
  ],
  Shipper: [
    {
      label: "Pending Quotations",
      to: "/shipper/dashboard",
      icon: <RequestQuoteOutlinedIcon />,
      alsoActiveOn: ["/shipper/dashboard/new", "/shipper/bid/"],
    },
    {
      label: "Current Shipments",
      to: "/shipper/dashboard/orders",
      icon: <LocalShippingOutlinedIcon />,
      alsoActiveOn: ["/shipper/dashboard/orders/status/"],
    },
    {
      label: "Completed Shipments",
      to: "/shipper/dashboard/orders/pastorders",
      icon: <TaskAltIcon />,
      alsoActiveOn: ["/shipper/dashboard/orders/pastorders/"],
    },
    {
      label: "Shipments History",
      to: "/shipper/dashboard/orders/shipment-histories",
      icon: <HistoryIcon />,
      alsoActiveOn: ["/shipper/dashboard/orders/shipmenthistories/"],
    },
    {
      label: "Sample Shipment",
      to: "/shipper/dashboard/orders/sample-shipments",
      icon: <Inventory2OutlinedIcon />,
    },
    {
      label: "Announcement",
      to: "/shipper/dashboard/announcement",
      icon: <CampaignOutlinedIcon />,
      alsoActiveOn: ["/shipper/dashboard/announcement/"],
    },
  ],
  Admin: [
    {
      label: "Dashboard",
      to: "/admin/dashboard",
      icon: <DashboardOutlinedIcon />,
      alsoActiveOn: ["/admin/shipments/"],
    },
    { label: "Users", to: "/admin/users", icon: <PeopleOutlineIcon /> },
    { label: "Warehouses", to: "/admin/warehouses", icon: <WarehouseOutlinedIcon /> },
    {
      label: "Announcements",
      to: "/admin/announcement",
      icon: <CampaignOutlinedIcon />,
      alsoActiveOn: ["/admin/announcement/"],
    },
  ],
};

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  const path = trimSlash(pathname);
  if (path === item.to) return true;
  return (item.alsoActiveOn ?? []).some((other) =>
    other.endsWith("/") ? path.startsWith(other) : path === other,
  );
}

export function visibleMenu(group: Group, pathname: string): MenuItem[] {
  const path = trimSlash(pathname);
  return MENUS[group].filter((item) => !item.onlyOn || item.onlyOn.includes(path));
}

export const ROLE_LABELS: Record<Group, string> = {
  Seller: "Customer",
  Shipper: "Shipment Agent",
  Admin: "Admin",
};
