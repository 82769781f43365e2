import { generatePath } from "react-router";
import type { ShipmentStatus } from "@fba/contract";
import type { Group } from "@fba/contract/constants";

/**
 * Every route of the app, as the router declares it and as links name it: the one place a path
 * is spelled. Patterns with `:id` are filled with `pathTo`.
 */
export const paths = {
  home: "/",
  login: "/login",
  sellerLogin: "/seller/login",
  shipperLogin: "/shipper/login",
  signup: "/signup",
  sellerSignup: "/seller/signup",
  shipperSignup: "/shipper/signup",
  playground: "/playground",
  defaultOrders: "/dashboard/orders/default",
  /** An agent's public record: scorecard and ratings (sellers, admins and the agent itself). */
  agentProfile: "/agents/:id",
  notFound: "*",
  shipper: {
    pending: "/shipper/dashboard",
    pendingNew: "/shipper/dashboard/new",
    current: "/shipper/dashboard/orders",
    order: "/shipper/dashboard/orders/status/:id",
    completed: "/shipper/dashboard/orders/pastorders",
    completedOrder: "/shipper/dashboard/orders/pastorders/status/:id",
    history: "/shipper/dashboard/orders/shipment-histories",
    historyOrder: "/shipper/dashboard/orders/shipmenthistories/status/:id",
    samples: "/shipper/dashboard/orders/sample-shipments",
    announcements: "/shipper/dashboard/announcement",
    announcement: "/shipper/dashboard/announcement/:id",
    bid: "/shipper/bid/:id",
    averageCosts: "/shipper/average-costs",
    profile: "/shipper/profile",
  },
  seller: {
    newShipment: "/quotes",
    dashboard: "/seller/dashboard",
    home: "/seller/home",
    active: "/seller/booking",
    shipment: "/seller/booking/order/status/:id",
    orderChat: "/seller/booking/recentorderstatus/:id",
    status: "/seller/booking/status",
    recent: "/seller/booking/recentorders",
    pending: "/seller/booking/pendingorders",
    completed: "/seller/booking/pastorders",
    cancelled: "/seller/booking/cancelledorders",
    samples: "/seller/booking/sampleshipments",
    announcements: "/seller/announcement",
    announcement: "/seller/announcement/:id",
    profile: "/seller/profile",
  },
  admin: {
    dashboard: "/admin/dashboard",
    shipment: "/admin/shipments/:id",
    sample: "/admin/samples/:id",
    users: "/admin/users",
    warehouses: "/admin/warehouses",
    disputes: "/admin/disputes",
    announcements: "/admin/announcement",
    announcement: "/admin/announcement/:id",
    profile: "/admin/profile",
  },
} as const;

/** A pattern of `paths` with its `:id` filled in. */
export const pathTo = (pattern: string, id: number | string) =>
  generatePath(pattern, { id: String(id) });

/** The fixed part of a pattern before its `:id` ("/shipper/bid/:id" -> "/shipper/bid/"). */
export const prefixOf = (pattern: string) => pattern.slice(0, pattern.indexOf(":"));

/** Where an agent's order opens from each of their lists (`?src=` keeps the list highlighted). */
export function shipperOrderPath(
  id: number,
  list: "current" | "completed" | "history" | "samples" = "current",
): string {
  if (list === "samples") return `${pathTo(paths.shipper.order, id)}?src=sampleShipments`;
  const pattern = {
    current: paths.shipper.order,
    completed: paths.shipper.completedOrder,
    history: paths.shipper.historyOrder,
  }[list];
  return `${pathTo(pattern, id)}?src=accepted`;
}

/** Where a seller's sample opens: the chat page of the sample. */
export const sellerSamplePath = (id: number) =>
  `${pathTo(paths.seller.orderChat, id)}?src=sampleShipments`;

/** Where a seller's row opens (part 2 section 4, navigation by status). */
export function sellerShipmentPath(
  shipment: { id: number; status: ShipmentStatus },
  list?: "cancelled" | "completed",
): string {
  if (shipment.status === "Quotation Accepted") {
    return `${pathTo(paths.seller.orderChat, shipment.id)}?src=currentShipments`;
  }
  if (list === "cancelled" || shipment.status === "Shipment Cancelled") {
    return `${pathTo(paths.seller.shipment, shipment.id)}?src=cancelledorders`;
  }
  if (list === "completed" || shipment.status === "Shipment Completed") {
    return pathTo(paths.seller.shipment, shipment.id);
  }
  if (shipment.status === "Quotation Approved") {
    return `${pathTo(paths.seller.shipment, shipment.id)}?src=pendingorders`;
  }
  return `${pathTo(paths.seller.shipment, shipment.id)}?src=newshipment`;
}

export function announcementListPath(group: Group | undefined | null): string {
  if (group === "Shipper") return paths.shipper.announcements;
  if (group === "Admin") return paths.admin.announcements;
  return paths.seller.announcements;
}

export function announcementDetailPath(group: Group | undefined | null, id: number): string {
  return `${announcementListPath(group)}/${id}`;
}

/** The admins' list of open disputes over final amounts. */
export const ADMIN_DISPUTES_PATH = paths.admin.disputes;

/** An admin's view of a shipment; `#chat` lands on its chat. */
export function adminShipmentPath(id: number, { chat = false }: { chat?: boolean } = {}): string {
  return `${pathTo(paths.admin.shipment, id)}${chat ? "#chat" : ""}`;
}

/** An agent's profile page (scorecard and ratings), reachable from every bid. */
export const agentProfilePath = (agentId: number) => pathTo(paths.agentProfile, agentId);

/** Where each role lands after signing in. */
export function homePathFor(group: Group | undefined | null): string {
  if (group === "Seller") return paths.seller.dashboard;
  if (group === "Shipper") return paths.shipper.pending;
  if (group === "Admin") return paths.admin.dashboard;
  return "/";
}

/** Where each role edits its profile. */
export function profilePathFor(group: Group | undefined | null): string {
  if (group === "Shipper") return paths.shipper.profile;
  if (group === "Admin") return paths.admin.profile;
  return paths.seller.profile;
}

/** The role whose area a private path belongs to, or null for paths any signed-in user may open. */
export function areaOfPath(pathname: string): Group | null {
  if (pathname.startsWith("/shipper/")) return "Shipper";
  if (
    pathname.startsWith("/seller/") ||
    pathname === paths.seller.newShipment ||
    pathname === "/quotes/"
  ) {
    return "Seller";
  }
  if (pathname.startsWith("/admin/")) return "Admin";
  return null;
}

/** What the login screen is told when a session ended on another page. */
export interface SessionEndedState {
  sessionEnded: true;
  /** The page (path and query) the user was on, to return to after logging in again. */
  from: string;
}

export function isSessionEndedState(state: unknown): state is SessionEndedState {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as Partial<SessionEndedState>).sessionEnded === true &&
    typeof (state as Partial<SessionEndedState>).from === "string"
  );
}

/** The login screen for a page's area: its role's tab where the path names one. */
export function loginPathFor(from: string): string {
  const area = areaOfPath(from);
  if (area === "Shipper") return paths.shipperLogin;
  if (area === "Seller") return paths.sellerLogin;
  return paths.login;
}

/**
 * Where to go after logging in again: the page the session ended on when it is a page of this
 * user's role (or an agent's profile, open to every role), else the role's home.
 */
export function returnPathAfterLogin(from: string | undefined, group: Group): string {
  const home = homePathFor(group);
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return home;
  const pathname = (from.split(/[?#]/)[0] ?? "/").replace(/\/+$/, "");
  const authPages: string[] = [
    paths.sellerLogin,
    paths.shipperLogin,
    paths.sellerSignup,
    paths.shipperSignup,
  ];
  if (authPages.includes(pathname)) return home;
  const allowed =
    areaOfPath(pathname) === group || pathname.startsWith(prefixOf(paths.agentProfile));
  return allowed ? from : home;
}
