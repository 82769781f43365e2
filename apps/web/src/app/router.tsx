import { lazy, Suspense, useEffect, type ComponentType } from "react";
import {
  matchRoutes,
  Outlet,
  useLocation,
  useRoutes,
  type Params,
  type RouteObject,
} from "react-router";
import { DEFAULT_PAGE_SIZE, PRODUCT_NAME } from "@fba/contract/constants";
import { SHIPPER_PAGE_SIZE } from "../components/data-table/use-list-state";
import { meRequest, prefetchGet } from "../lib/api-client";
import {
  orderRequests,
  shipmentRequests,
  type ShipmentListName,
} from "../entities/shipment/api/requests";
import { useTitlesT } from "../i18n/titles";
import { paths } from "./paths";
import type { RouteHandle } from "./route-handle";
import { RequireAuth } from "./RequireAuth";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import { RouteFallback } from "./RouteFallback";
import { whenPageFails } from "./page-retry";
import { useRevealOnLeave } from "../lib/first-paint";

type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen whose chunk can also be fetched ahead of rendering. React keeps a lazy
 * component's failed download for good, so a screen whose chunk failed gets a new one when the
 * error's Retry asks for it (`retryFailedPages`): the chunk is then imported again.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Page {
  const attempt = () =>
    load().catch((error: unknown) => {
      whenPageFails(() => {
        current = lazy(attempt);
      });
      throw error;
    });
  let current = lazy(attempt);
  const Screen = () => {
    const Current = current;
    return <Current />;
  };
  return Object.assign(Screen, { preload: load });
}

/** The first page of a list screen, as useListState asks for it. */
const firstPage =
  (list: ShipmentListName, perPage: number = DEFAULT_PAGE_SIZE) =>
  () =>
    prefetchGet(
      shipmentRequests.list(list, {
        page: 1,
        per_page: perPage,
        // The seller's active list shows each shipment's destinations (SellerShipmentsList).
        ...(list === "sellerActive" ? { with: "destinations" } : {}),
      }),
    );
const shipperFirstPage = (list: ShipmentListName) => firstPage(list, SHIPPER_PAGE_SIZE);

/** The seller's shipment screens read the shipment and its bids. */
const sellerShipment = ({ id = "" }: Params) => {
  prefetchGet(shipmentRequests.detail(id));
  prefetchGet(shipmentRequests.quotations(id));
};

/**
 * The seller's order page (detail plus chat) reads the order's chat, destinations, charge change
 * and documents as well; a sample's chat page (the same path) reads none of these.
 */
const sellerOrder = (params: Params) => {
  if (new URLSearchParams(window.location.search).get("src") === "sampleShipments") return;
  sellerShipment(params);
  const { id = "" } = params;
  prefetchGet(orderRequests.chat(id));
  prefetchGet(orderRequests.chargeChange(id));
  prefetchGet(orderRequests.legs(id));
  prefetchGet(orderRequests.documents(id));
};

/** The data layer: every screen but the landing page sits under it. */
const QueryRoot = lazyPage(() => import("./QueryRoot"));

const pages = {
  // The server sends "/" prerendered (landing.html); the app renders it only when it navigates there.
  landing: lazyPage(() => import("../features/landing/pages/LandingPage")),
  login: lazyPage(() => import("../features/auth/pages/LoginPage")),
  signup: lazyPage(() => import("../features/auth/pages/SignupPage")),
  notFound: lazyPage(() => import("../features/layout/pages/NotFoundPage")),
  playground: lazyPage(() => import("../features/layout/pages/PlaygroundPage")),
  defaultOrders: lazyPage(() => import("../features/layout/pages/DefaultOrdersPage")),
  appLayout: lazyPage(() => import("./routes/AppLayout")),
  sellerDashboard: lazyPage(() => import("./routes/SellerDashboardPage")),
  adminDashboard: lazyPage(() => import("./routes/AdminDashboardPage")),
  pendingQuotations: lazyPage(() => import("../features/bidding/pages/PendingQuotationsPage")),
  shipperDashboard: lazyPage(() => import("./routes/ShipperDashboardPage")),
  bid: lazyPage(() => import("../features/bidding/pages/BidPage")),
  newShipment: lazyPage(() => import("../features/booking/pages/NewShipmentPage")),
  shipperCurrent: lazyPage(() => import("../features/shipments/pages/ShipperCurrentShipmentsPage")),
  shipperCompleted: lazyPage(
    () => import("../features/shipments/pages/ShipperCompletedShipmentsPage"),
  ),
  shipperHistory: lazyPage(() => import("../features/shipments/pages/ShipperHistoryPage")),
  shipperOrder: lazyPage(() => import("./routes/ShipperOrderPage")),
  sellerActive: lazyPage(() => import("./routes/SellerActiveShipmentsPage")),
  sellerPending: lazyPage(() => import("./routes/SellerPendingShipmentsPage")),
  sellerRecent: lazyPage(() => import("./routes/SellerRecentOrdersPage")),
  sellerCompleted: lazyPage(() => import("./routes/SellerCompletedShipmentsPage")),
  sellerCancelled: lazyPage(() => import("./routes/SellerCancelledShipmentsPage")),
  sellerShipment: lazyPage(() => import("./routes/SellerShipmentPage")),
  sellerOrderChat: lazyPage(() => import("./routes/SellerOrderChatPage")),
  sellerSamples: lazyPage(() => import("./routes/SellerSamplesPage")),
  shipperSamples: lazyPage(() => import("../features/samples/pages/ShipperSamplesPage")),
  announcements: lazyPage(() => import("../features/announcements/pages/AnnouncementsPage")),
  announcementDetail: lazyPage(
    () => import("../features/announcements/pages/AnnouncementDetailPage"),
  ),
  profile: lazyPage(() => import("../features/profile/pages/ProfilePage")),
  adminUsers: lazyPage(() => import("../features/admin/pages/AdminUsersPage")),
  adminWarehouses: lazyPage(() => import("../features/admin/pages/AdminWarehousesPage")),
  averageCosts: lazyPage(() => import("../features/average-costs/pages/AverageCostsPage")),
  adminDisputes: lazyPage(() => import("../features/charge-changes/pages/AdminDisputesPage")),
  adminShipment: lazyPage(() => import("./routes/AdminShipmentPage")),
  adminSample: lazyPage(() => import("./routes/AdminSamplePage")),
  agentProfile: lazyPage(() => import("../features/agents/pages/AgentProfilePage")),
} satisfies Record<string, Page>;

function page(
  path: string,
  title: string,
  Component: Page,
  prefetch?: RouteHandle["prefetch"],
): RouteObject {
  return {
    path,
    handle: { title, preload: Component.preload, prefetch } satisfies RouteHandle,
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<RouteFallback />}>
          <Component />
        </Suspense>
      </RouteErrorBoundary>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      page(paths.home, "Home", pages.landing),
      {
        handle: { preload: QueryRoot.preload } satisfies RouteHandle,
        element: (
          <RouteErrorBoundary>
            <Suspense fallback={<RouteFallback />}>
              <QueryRoot />
            </Suspense>
          </RouteErrorBoundary>
        ),
        children: [
          page(paths.login, "Log in", pages.login),
          page(paths.sellerLogin, "Log in", pages.login),
          page(paths.shipperLogin, "Log in", pages.login),
          page(paths.signup, "Sign up", pages.signup),
          page(paths.sellerSignup, "Sign up", pages.signup),
          page(paths.shipperSignup, "Sign up", pages.signup),
          page(paths.playground, "Playground", pages.playground),
          page(paths.defaultOrders, "Orders", pages.defaultOrders),
          {
            handle: {
              preload: pages.appLayout.preload,
              prefetch: () => prefetchGet(meRequest),
            } satisfies RouteHandle,
            element: (
              <RequireAuth>
                <RouteErrorBoundary>
                  <Suspense fallback={<RouteFallback />}>
                    <pages.appLayout />
                  </Suspense>
                </RouteErrorBoundary>
              </RequireAuth>
            ),
            children: [
              // Shipper (shipping agent)
              page(
                paths.shipper.pending,
                "Pending Quotations",
                pages.shipperDashboard,
                shipperFirstPage("shipperPending"),
              ),
              page(
                paths.shipper.pendingNew,
                "Pending Quotations",
                pages.pendingQuotations,
                shipperFirstPage("shipperPending"),
              ),
              page(
                paths.shipper.current,
                "Current Shipments",
                pages.shipperCurrent,
                shipperFirstPage("shipperRecent"),
              ),
              page(paths.shipper.order, "Order Status", pages.shipperOrder),
              page(paths.shipper.completed, "Completed Shipments", pages.shipperCompleted),
              page(paths.shipper.completedOrder, "Order Status", pages.shipperOrder),
              page(paths.shipper.history, "Shipments History", pages.shipperHistory),
              page(paths.shipper.historyOrder, "Order Status", pages.shipperOrder),
              page(paths.shipper.samples, "Sample Shipments", pages.shipperSamples),
              page(paths.shipper.announcements, "Announcements", pages.announcements),
              page(paths.shipper.announcement, "Announcement", pages.announcementDetail),
              page(paths.shipper.bid, "Shipment", pages.bid),
              page(paths.shipper.averageCosts, "Average Costs", pages.averageCosts),
              page(paths.shipper.profile, "Profile", pages.profile),
              // Seller (customer)
              page(paths.seller.newShipment, "New Shipment", pages.newShipment),
              page(paths.seller.dashboard, "Dashboard", pages.sellerDashboard),
              page(paths.seller.home, "Dashboard", pages.sellerDashboard),
              page(
                paths.seller.active,
                "Active Shipments",
                pages.sellerActive,
                firstPage("sellerActive"),
              ),
              page(paths.seller.shipment, "Shipment Details", pages.sellerShipment, sellerShipment),
              page(paths.seller.orderChat, "Shipment", pages.sellerOrderChat, sellerOrder),
              page(paths.seller.status, "Current Shipments", pages.sellerRecent),
              page(
                paths.seller.recent,
                "Current Shipments",
                pages.sellerRecent,
                firstPage("sellerRecent"),
              ),
              page(
                paths.seller.pending,
                "Pending Shipments",
                pages.sellerPending,
                firstPage("sellerPending"),
              ),
              page(
                paths.seller.completed,
                "Completed Shipments",
                pages.sellerCompleted,
                firstPage("sellerPast"),
              ),
              page(
                paths.seller.cancelled,
                "Cancelled Shipments",
                pages.sellerCancelled,
                firstPage("sellerCancelled"),
              ),
              page(paths.seller.samples, "Sample Shipments", pages.sellerSamples),
              page(paths.seller.announcements, "Announcements", pages.announcements),
              page(paths.seller.announcement, "Announcement", pages.announcementDetail),
              page(paths.seller.profile, "Profile", pages.profile),
              // Admin
              page(paths.admin.dashboard, "Admin Dashboard", pages.adminDashboard),
              page(paths.admin.shipment, "Shipment", pages.adminShipment),
              page(paths.admin.sample, "Sample Shipment", pages.adminSample),
              page(paths.admin.users, "Users", pages.adminUsers),
              page(paths.admin.warehouses, "Warehouses", pages.adminWarehouses),
              page(paths.admin.disputes, "Disputes", pages.adminDisputes),
              page(paths.admin.announcements, "Announcements", pages.announcements),
              page(paths.admin.announcement, "Announcement", pages.announcementDetail),
              page(paths.admin.profile, "Profile", pages.profile),
              // Any signed-in role the server allows (sellers, admins, the agent itself)
              page(paths.agentProfile, "Agent Profile", pages.agentProfile),
            ],
          },
          page(paths.notFound, "Page not found", pages.notFound),
        ],
      },
    ],
  },
];

/** The title of the deepest route at `pathname` that names one. */
export function routeTitle(pathname: string): string | undefined {
  return (matchRoutes(routes, pathname) ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .reverse()
    .find(Boolean);
}

/** The app's screens, under a BrowserRouter; keeps the page title as '<title> | <product>'. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useRevealOnLeave(pathname);
  const { t } = useTitlesT();
  const title = routeTitle(pathname);
  const shown = title && t(title as "Home", { defaultValue: title });
  useEffect(() => {
    document.title = shown ? `${shown} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [shown]);
  return useRoutes(routes);
}

/**
 * Starts downloading every chunk the route at `pathname` needs at once (the data layer, the
 * signed-in layout and the screen) instead of one after another as each renders the next, and
 * the screen's first API reads alongside them.
 */
export function preloadRoute(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    void handle?.preload?.().catch(() => {
      // A failed download is retried, and reported, when the route renders.
    });
    handle?.prefetch?.(match.params);
  }
}
