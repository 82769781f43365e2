import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, matchRoutes, type Params, type RouteObject } from "react-router";
import { DEFAULT_PAGE_SIZE } from "@fba/contract/constants";
import { SHIPPER_PAGE_SIZE } from "../components/data-table/use-list-state";
import { meRequest, prefetchGet } from "../lib/api-client";
import { shipmentRequests, type ShipmentListName } from "../entities/shipment/api/requests";
import { RootRoute } from "./RootRoute";
import { ADMIN_DISPUTES_PATH } from "./paths";
import type { RouteHandle } from "./route-handle";
import { RequireAuth } from "./RequireAuth";
import { RouteFallback } from "./RouteFallback";
import LandingPage from "../features/landing/pages/LandingPage";

type Page = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** A lazily loaded screen whose chunk can also be fetched ahead of rendering. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Page {
  return Object.assign(lazy(load), { preload: load });
}

/** The first page of a list screen, as useListState asks for it. */
const firstPage =
  (list: ShipmentListName, perPage: number = DEFAULT_PAGE_SIZE) =>
  () =>
    prefetchGet(shipmentRequests.list(list, { page: 1, per_page: perPage }));
const shipperFirstPage = (list: ShipmentListName) => firstPage(list, SHIPPER_PAGE_SIZE);

/** The seller's shipment screens read the shipment and its bids. */
const sellerShipment = ({ id = "" }: Params) => {
  prefetchGet(shipmentRequests.detail(id));
  prefetchGet(shipmentRequests.quotations(id));
};

/** Every screen except the landing page is its own lazy chunk, so "/" never downloads dashboards. */
const QueryRoot = lazyPage(() => import("./QueryRoot"));

const pages = {
  login: lazyPage(() => import("../features/auth/pages/LoginPage")),
  signup: lazyPage(() => import("../features/auth/pages/SignupPage")),
  notFound: lazyPage(() => import("../features/layout/pages/NotFoundPage")),
  playground: lazyPage(() => import("../features/layout/pages/PlaygroundPage")),
  defaultOrders: lazyPage(() => import("../features/layout/pages/DefaultOrdersPage")),
  appLayout: lazyPage(() => import("./routes/AppLayout")),
  sellerDashboard: lazyPage(() => import("./routes/SellerDashboardPage")),
  adminDashboard: lazyPage(() => import("./routes/AdminDashboardPage")),
  pendingQuotations: lazyPage(() => import("../features/bidding/pages/PendingQuotationsPage")),
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
  adminDisputes: lazyPage(() => import("../features/disputes/pages/AdminDisputesPage")),
  adminShipment: lazyPage(() => import("./routes/AdminShipmentPage")),
  adminSample: lazyPage(() => import("./routes/AdminSamplePage")),
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
      <Suspense fallback={<RouteFallback />}>
        <Component />
      </Suspense>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      { path: "/", handle: { title: "Home" }, element: <LandingPage /> },
      {
        handle: { preload: QueryRoot.preload } satisfies RouteHandle,
        element: (
          <Suspense fallback={<RouteFallback />}>
            <QueryRoot />
          </Suspense>
        ),
        children: [
          page("/login", "Log in", pages.login),
          page("/seller/login", "Log in", pages.login),
          page("/shipper/login", "Log in", pages.login),
          page("/signup", "Sign up", pages.signup),
          page("/seller/signup", "Sign up", pages.signup),
          page("/shipper/signup", "Sign up", pages.signup),
          page("/playground", "Playground", pages.playground),
          page("/dashboard/orders/default", "Orders", pages.defaultOrders),
          {
            handle: {
              preload: pages.appLayout.preload,
              prefetch: () => prefetchGet(meRequest),
            } satisfies RouteHandle,
            element: (
              <RequireAuth>
                <Suspense fallback={<RouteFallback />}>
                  <pages.appLayout />
                </Suspense>
              </RequireAuth>
            ),
            children: [
              // Shipper (shipping agent)
              page(
                "/shipper/dashboard",
                "Pending Quotations",
                pages.pendingQuotations,
                shipperFirstPage("shipperPending"),
              ),
              page(
                "/shipper/dashboard/new",
                "Pending Quotations",
                pages.pendingQuotations,
                shipperFirstPage("shipperPending"),
              ),
              page(
                "/shipper/dashboard/orders",
                "Current Shipments",
                pages.shipperCurrent,
                shipperFirstPage("shipperRecent"),
              ),
              page("/shipper/dashboard/orders/status/:id", "Order Status", pages.shipperOrder),
              page(
                "/shipper/dashboard/orders/pastorders",
                "Completed Shipments",
                pages.shipperCompleted,
              ),
              page(
                "/shipper/dashboard/orders/pastorders/status/:id",
                "Order Status",
                pages.shipperOrder,
              ),
              page(
                "/shipper/dashboard/orders/shipment-histories",
                "Shipments History",
                pages.shipperHistory,
              ),
              page(
                "/shipper/dashboard/orders/shipmenthistories/status/:id",
                "Order Status",
                pages.shipperOrder,
              ),
              page(
                "/shipper/dashboard/orders/sample-shipments",
                "Sample Shipments",
                pages.shipperSamples,
              ),
              page("/shipper/dashboard/announcement", "Announcements", pages.announcements),
              page("/shipper/dashboard/announcement/:id", "Announcement", pages.announcementDetail),
              page("/shipper/bid/:id", "Shipment", pages.bid),
              page("/shipper/profile", "Profile", pages.profile),
              // Seller (customer)
              page("/quotes", "New Shipment", pages.newShipment),
              page("/seller/dashboard", "Dashboard", pages.sellerDashboard),
              page("/seller/home", "Dashboard", pages.sellerDashboard),
              page(
                "/seller/booking",
                "Active Shipments",
                pages.sellerActive,
                firstPage("sellerActive"),
              ),
              page(
                "/seller/booking/order/status/:id",
                "Shipment Details",
                pages.sellerShipment,
                sellerShipment,
              ),
              page(
                "/seller/booking/recentorderstatus/:id",
                "Shipment",
                pages.sellerOrderChat,
                sellerShipment,
              ),
              page("/seller/booking/status", "Current Shipments", pages.sellerRecent),
              page(
                "/seller/booking/recentorders",
                "Current Shipments",
                pages.sellerRecent,
                firstPage("sellerRecent"),
              ),
              page(
                "/seller/booking/pendingorders",
                "Pending Shipments",
                pages.sellerPending,
                firstPage("sellerPending"),
              ),
              page(
                "/seller/booking/pastorders",
                "Completed Shipments",
                pages.sellerCompleted,
                firstPage("sellerPast"),
              ),
              page(
                "/seller/booking/cancelledorders",
                "Cancelled Shipments",
                pages.sellerCancelled,
                firstPage("sellerCancelled"),
              ),
              page("/seller/booking/sampleshipments", "Sample Shipments", pages.sellerSamples),
              page("/seller/announcement", "Announcements", pages.announcements),
              page("/seller/announcement/:id", "Announcement", pages.announcementDetail),
              page("/seller/profile", "Profile", pages.profile),
              // Admin
              page("/admin/dashboard", "Admin Dashboard", pages.adminDashboard),
              page("/admin/shipments/:id", "Shipment", pages.adminShipment),
              page("/admin/samples/:id", "Sample Shipment", pages.adminSample),
              page("/admin/users", "Users", pages.adminUsers),
              page("/admin/warehouses", "Warehouses", pages.adminWarehouses),
              page(ADMIN_DISPUTES_PATH, "Disputes", pages.adminDisputes),
              page("/admin/announcement", "Announcements", pages.announcements),
              page("/admin/announcement/:id", "Announcement", pages.announcementDetail),
              page("/admin/profile", "Profile", pages.profile),
            ],
          },
          page("*", "Page not found", pages.notFound),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

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
