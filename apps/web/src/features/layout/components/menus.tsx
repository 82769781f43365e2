import type { ReactNode } from "react";
import type { Group, ShipmentStatus } from "@fba/contract";
import DashboardOutlinedIcon from "@mui/icons-material/DashboardOutlined";
import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
import Inventory2OutlinedIcon from "@mui/icons-material/Inventory2Outlined";
import PriceChangeOutlinedIcon from "@mui/icons-material/PriceChangeOutlined";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import RequestQuoteOutlinedIcon from "@mui/icons-material/RequestQuoteOutlined";
import HistoryIcon from "@mui/icons-material/History";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import PeopleOutlineIcon from "@mui/icons-material/PeopleOutline";
import WarehouseOutlinedIcon from "@mui/icons-material/WarehouseOutlined";
import GavelOutlinedIcon from "@mui/icons-material/GavelOutlined";
import { ADMIN_DISPUTES_PATH, paths, prefixOf } from "../../../app/paths";

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

const SELLER_DASHBOARD_PATHS = [paths.seller.dashboard, paths.seller.home];

// The seller's shipment page: no src when opened from the completed list (spec).
export const SELLER_ORDER = prefixOf(paths.seller.shipment);
const SELLER_ORDER_CHAT = prefixOf(paths.seller.orderChat);
// The agent's order page, also the page of a sample shipment (src=sampleShipments).
const SHIPPER_ORDER = prefixOf(paths.shipper.order);

export const MENUS: Record<Group, MenuItem[]> = {
  Seller: [
    {
      label: "Dashboard",
      to: paths.seller.dashboard,
      icon: <DashboardOutlinedIcon />,
      alsoActiveOn: [
        paths.seller.home,
        paths.seller.announcements,
        prefixOf(paths.seller.announcement),
      ],
    },
    {
      label: "Active Shipments",
      to: paths.seller.active,
      icon: <LocalShippingOutlinedIcon />,
      alsoActiveOn: [paths.seller.status, paths.seller.recent, paths.seller.pending],
      alsoActiveWhen: (path, src) =>
        (path.startsWith(SELLER_ORDER) && src !== null && src !== "cancelledorders") ||
        (path.startsWith(SELLER_ORDER_CHAT) && src !== "sampleShipments"),
    },
    {
      // The spec shows this entry on the seller dashboard only (the menu's Sample Shipment
      // button, which opens the request dialog, is on every page).
      label: "Sample Shipment",
      to: paths.seller.samples,
      icon: <Inventory2OutlinedIcon />,
      onlyOn: SELLER_DASHBOARD_PATHS,
      alsoActiveWhen: (path, src) =>
        path.startsWith(SELLER_ORDER_CHAT) && src === "sampleShipments",
    },
    {
      label: "Completed Shipments",
      to: paths.seller.completed,
      icon: <TaskAltIcon />,
      alsoActiveWhen: (path, src) => path.startsWith(SELLER_ORDER) && src === null,
    },
    {
      label: "Cancelled Shipments",
      to: paths.seller.cancelled,
      icon: <CancelOutlinedIcon />,
      alsoActiveWhen: (path, src) => path.startsWith(SELLER_ORDER) && src === "cancelledorders",
    },
  ],
  Shipper: [
    {
      label: "Pending Quotations",
      to: paths.shipper.pending,
      icon: <RequestQuoteOutlinedIcon />,
      alsoActiveOn: [paths.shipper.pendingNew, prefixOf(paths.shipper.bid)],
    },
    {
      label: "Current Shipments",
      to: paths.shipper.current,
      icon: <LocalShippingOutlinedIcon />,
      alsoActiveWhen: (path, src) => path.startsWith(SHIPPER_ORDER) && src !== "sampleShipments",
    },
    {
      label: "Completed Shipments",
      to: paths.shipper.completed,
      icon: <TaskAltIcon />,
      alsoActiveOn: [`${paths.shipper.completed}/`],
    },
    {
      label: "Shipments History",
      to: paths.shipper.history,
      icon: <HistoryIcon />,
      alsoActiveOn: [prefixOf(paths.shipper.historyOrder).replace("status/", "")],
    },
    {
      label: "Sample Shipment",
      to: paths.shipper.samples,
      icon: <Inventory2OutlinedIcon />,
      alsoActiveWhen: (path, src) => path.startsWith(SHIPPER_ORDER) && src === "sampleShipments",
    },
    {
      label: "Announcement",
      to: paths.shipper.announcements,
      icon: <CampaignOutlinedIcon />,
      alsoActiveOn: [prefixOf(paths.shipper.announcement)],
    },
    { label: "Average Costs", to: paths.shipper.averageCosts, icon: <PriceChangeOutlinedIcon /> },
  ],
  Admin: [
    {
      label: "Dashboard",
      to: paths.admin.dashboard,
      icon: <DashboardOutlinedIcon />,
      alsoActiveOn: [prefixOf(paths.admin.shipment)],
    },
    { label: "Users", to: paths.admin.users, icon: <PeopleOutlineIcon /> },
    { label: "Warehouses", to: paths.admin.warehouses, icon: <WarehouseOutlinedIcon /> },
    { label: "Disputes", to: ADMIN_DISPUTES_PATH, icon: <GavelOutlinedIcon /> },
    {
      label: "Announcements",
      to: paths.admin.announcements,
      icon: <CampaignOutlinedIcon />,
      alsoActiveOn: [prefixOf(paths.admin.announcement)],
    },
  ],
};

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * The seller's shipment page opened without `src` (a shared link, a notification) names its list
 * by the shipment's state once it is known: completed, cancelled, or still active. The spec's
 * no-src page is the completed one, which stays so while the state is unknown.
 */
function listSrcOf(path: string, src: string | null, status?: ShipmentStatus): string | null {
  if (src !== null || !status || !path.startsWith(SELLER_ORDER)) return src;
  if (status === "Shipment Completed") return null;
  return status === "Shipment Cancelled" ? "cancelledorders" : "newshipment";
}

/**
 * Whether the entry is the current page's, from the path and the query (its `src`), and on the
 * seller's shipment page from the shown shipment's status when there is no `src`.
 */
export function isMenuItemActive(
  item: MenuItem,
  pathname: string,
  search = "",
  status?: ShipmentStatus,
): boolean {
  const path = trimSlash(pathname);
  if (path === item.to) return true;
  const src = listSrcOf(path, new URLSearchParams(search).get("src"), status);
  if (item.alsoActiveWhen?.(path, src)) return true;
  return (item.alsoActiveOn ?? []).some((other) =>
    other.endsWith("/") ? path.startsWith(other) : path === other,
  );
}

export function visibleMenu(group: Group, pathname: string): MenuItem[] {
  const path = trimSlash(pathname);
  return MENUS[group].filter((item) => !item.onlyOn || item.onlyOn.includes(path));
}
