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
import GavelOutlinedIcon from "@mui/icons-material/GavelOutlined";
import { ADMIN_DISPUTES_PATH } from "../../../app/paths";

export interface MenuItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Other paths (prefixes ending in '/', or exact paths) that highlight this entry. */
  alsoActiveOn?: string[];
  /**
   * Detail pages shared by several lists: their `src` (or its absence) names the list they
   * belong to, and so the entry to highlight.
   */
  alsoActiveWhen?: (path: string, src: string | null) => boolean;
  /** Shown only on these exact paths. */
  onlyOn?: string[];
}

const SELLER_DASHBOARD_PATHS = ["/seller/dashboard", "/seller/home"];

// The seller's shipment page: no src when opened from the completed list (spec).
const SELLER_ORDER = "/seller/booking/order/status/";
const SELLER_ORDER_CHAT = "/seller/booking/recentorderstatus/";
// The agent's order page, also the page of a sample shipment (src=sampleShipments).
const SHIPPER_ORDER = "/shipper/dashboard/orders/status/";

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
      ],
      alsoActiveWhen: (path, src) =>
        (path.startsWith(SELLER_ORDER) && src !== null && src !== "cancelledorders") ||
        (path.startsWith(SELLER_ORDER_CHAT) && src !== "sampleShipments"),
    },
    {
      // The spec shows this entry on the seller dashboard only.
      label: "Sample Shipment",
      to: "/seller/booking/sampleshipments",
      icon: <Inventory2OutlinedIcon />,
      onlyOn: SELLER_DASHBOARD_PATHS,
    },
    {
      label: "Completed Shipments",
      to: "/seller/booking/pastorders",
      icon: <TaskAltIcon />,
      alsoActiveWhen: (path, src) => path.startsWith(SELLER_ORDER) && src === null,
    },
    {
      label: "Cancelled Shipments",
      to: "/seller/booking/cancelledorders",
      icon: <CancelOutlinedIcon />,
      alsoActiveWhen: (path, src) => path.startsWith(SELLER_ORDER) && src === "cancelledorders",
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
      alsoActiveWhen: (path, src) => path.startsWith(SHIPPER_ORDER) && src !== "sampleShipments",
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
      alsoActiveWhen: (path, src) => path.startsWith(SHIPPER_ORDER) && src === "sampleShipments",
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
    { label: "Disputes", to: ADMIN_DISPUTES_PATH, icon: <GavelOutlinedIcon /> },
    {
      label: "Announcements",
      to: "/admin/announcement",
      icon: <CampaignOutlinedIcon />,
      alsoActiveOn: ["/admin/announcement/"],
    },
  ],
};

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** Whether the entry is the current page's, from the path and the query (its `src`). */
export function isMenuItemActive(item: MenuItem, pathname: string, search = ""): boolean {
  const path = trimSlash(pathname);
  if (path === item.to) return true;
  if (item.alsoActiveWhen?.(path, new URLSearchParams(search).get("src"))) return true;
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
