import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RootRoute } from "./RootRoute";
import { RequireAuth } from "./RequireAuth";
import { RouteFallback } from "./RouteFallback";
import LandingPage from "../features/landing/pages/LandingPage";

type Page = LazyExoticComponent<ComponentType>;

/** Every screen except the landing page is its own lazy chunk, so "/" never downloads dashboards. */
const QueryRoot = lazy(() => import("./QueryRoot"));

const pages = {
  login: lazy(() => import("../features/auth/pages/LoginPage")),
  signup: lazy(() => import("../features/auth/pages/SignupPage")),
  notFound: lazy(() => import("../features/layout/pages/NotFoundPage")),
  playground: lazy(() => import("../features/layout/pages/PlaygroundPage")),
  defaultOrders: lazy(() => import("../features/layout/pages/DefaultOrdersPage")),
  appLayout: lazy(() => import("../features/layout/pages/AppLayout")),
  sellerDashboard: lazy(() => import("../features/dashboard/pages/SellerDashboardPage")),
  adminDashboard: lazy(() => import("../features/dashboard/pages/AdminDashboardPage")),
  pendingQuotations: lazy(() => import("../features/bidding/pages/PendingQuotationsPage")),
  bid: lazy(() => import("../features/bidding/pages/BidPage")),
  newShipment: lazy(() => import("../features/booking/pages/NewShipmentPage")),
  shipperCurrent: lazy(() => import("../features/shipments/pages/ShipperCurrentShipmentsPage")),
  shipperCompleted: lazy(() => import("../features/shipments/pages/ShipperCompletedShipmentsPage")),
  shipperHistory: lazy(() => import("../features/shipments/pages/ShipperHistoryPage")),
  shipperOrder: lazy(() => import("../features/shipments/pages/ShipperOrderPage")),
  sellerActive: lazy(() => import("../features/shipments/pages/SellerActiveShipmentsPage")),
  sellerPending: lazy(() => import("../features/shipments/pages/SellerPendingShipmentsPage")),
  sellerRecent: lazy(() => import("../features/shipments/pages/SellerRecentOrdersPage")),
  sellerCompleted: lazy(() => import("../features/shipments/pages/SellerCompletedShipmentsPage")),
  sellerCancelled: lazy(() => import("../features/shipments/pages/SellerCancelledShipmentsPage")),
  sellerShipment: lazy(() => import("../features/shipments/pages/SellerShipmentPage")),
  sellerOrderChat: lazy(() => import("../features/shipments/pages/SellerOrderChatPage")),
  sellerSamples: lazy(() => import("../features/samples/pages/SellerSamplesPage")),
  shipperSamples: lazy(() => import("../features/samples/pages/ShipperSamplesPage")),
  announcements: lazy(() => import("../features/announcements/pages/AnnouncementsPage")),
  announcementDetail: lazy(() => import("../features/announcements/pages/AnnouncementDetailPage")),
  profile: lazy(() => import("../features/profile/pages/ProfilePage")),
  adminUsers: lazy(() => import("../features/admin/pages/AdminUsersPage")),
  adminWarehouses: lazy(() => import("../features/admin/pages/AdminWarehousesPage")),
  adminShipment: lazy(() => import("../features/admin/pages/AdminShipmentPage")),
} satisfies Record<string, Page>;

function page(path: string, title: string, Component: Page): RouteObject {
  return {
    path,
    handle: { title },
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
            element: (
              <RequireAuth>
                <Suspense fallback={<RouteFallback />}>
                  <pages.appLayout />
                </Suspense>
              </RequireAuth>
            ),
            children: [
              // Shipper (shipping agent)
              page("/shipper/dashboard", "Pending Quotations", pages.pendingQuotations),
              page("/shipper/dashboard/new", "Pending Quotations", pages.pendingQuotations),
              page("/shipper/dashboard/orders", "Current Shipments", pages.shipperCurrent),
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
              page("/seller/booking", "Active Shipments", pages.sellerActive),
              page("/seller/booking/order/status/:id", "Shipment Details", pages.sellerShipment),
              page("/seller/booking/recentorderstatus/:id", "Shipment", pages.sellerOrderChat),
              page("/seller/booking/status", "Current Shipments", pages.sellerRecent),
              page("/seller/booking/recentorders", "Current Shipments", pages.sellerRecent),
              page("/seller/booking/pendingorders", "Pending Shipments", pages.sellerPending),
              page("/seller/booking/pastorders", "Completed Shipments", pages.sellerCompleted),
              page("/seller/booking/cancelledorders", "Cancelled Shipments", pages.sellerCancelled),
              page("/seller/booking/sampleshipments", "Sample Shipments", pages.sellerSamples),
              page("/seller/announcement", "Announcements", pages.announcements),
              page("/seller/announcement/:id", "Announcement", pages.announcementDetail),
              page("/seller/profile", "Profile", pages.profile),
              // Admin
              page("/admin/dashboard", "Admin Dashboard", pages.adminDashboard),
              page("/admin/shipments/:id", "Shipment", pages.adminShipment),
              page("/admin/users", "Users", pages.adminUsers),
              page("/admin/warehouses", "Warehouses", pages.adminWarehouses),
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
