import type { ReactElement } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PRODUCT_NAME } from "@fba/contract/constants";
import type { ShipmentDetail } from "@fba/contract";
import { FakeSocket, fakeFetch, signIn } from "../test/fake-socket";
import { renderRoute, setViewport } from "../test/render-route";
import { changeLocale, i18n } from "./i18n";
import LandingPage from "../features/landing/pages/LandingPage";
import LoginPage from "../features/auth/pages/LoginPage";
import SignupPage from "../features/auth/pages/SignupPage";
import AppLayout from "../app/routes/AppLayout";
import SellerActiveShipmentsPage from "../app/routes/SellerActiveShipmentsPage";
import SellerCompletedShipmentsPage from "../app/routes/SellerCompletedShipmentsPage";
import SellerDashboardPage from "../app/routes/SellerDashboardPage";
import NewShipmentPage from "../features/booking/pages/NewShipmentPage";
import SellerShipmentPage from "../app/routes/SellerShipmentPage";
import SellerOrderChatPage from "../app/routes/SellerOrderChatPage";
import ShipperOrderPage from "../app/routes/ShipperOrderPage";
import AverageCostsPage from "../features/average-costs/pages/AverageCostsPage";
import ShipperSamplesPage from "../features/samples/pages/ShipperSamplesPage";
import SellerSamplesPage from "../app/routes/SellerSamplesPage";
import { SampleShipmentDialog } from "../features/samples/components/SampleShipmentDialog";
import { flatList, shipmentDetail, shipmentRow } from "../test/shipment-fixtures";
import AdminDashboardPage from "../app/routes/AdminDashboardPage";
import { SellerCharts } from "../features/analytics/charts/SellerAnalytics";
import AnnouncementsPage from "../features/announcements/pages/AnnouncementsPage";
import AnnouncementDetailPage from "../features/announcements/pages/AnnouncementDetailPage";
import { LatestAnnouncementCard } from "../features/announcements/components/LatestAnnouncementCard";
import AdminDisputesPage from "../features/charge-changes/pages/AdminDisputesPage";
import { ChargeChangeCard } from "../features/charge-changes/components/ChargeChangeCard";
import { chargeChange } from "../test/charge-change-fixtures";
import { NotificationBell } from "../features/notifications/components/NotificationBell";
import ProfilePage from "../features/profile/pages/ProfilePage";
import AdminShipmentPage from "../app/routes/AdminShipmentPage";
import AdminSamplePage from "../app/routes/AdminSamplePage";
import NotFoundPage from "../features/layout/pages/NotFoundPage";
import AdminUsersPage from "../features/admin/pages/AdminUsersPage";
import AdminWarehousesPage from "../features/admin/pages/AdminWarehousesPage";
// The agent's screens.
import PendingQuotationsPage from "../features/bidding/pages/PendingQuotationsPage";
import { QuotationForm } from "../features/bidding/components/QuotationForm";
import { LegsPanel } from "../features/legs/components/LegsPanel";
import { DocumentsPanel } from "../features/documents/components/DocumentsPanel";
import { DifferentFcBanner } from "../features/documents/components/DifferentFcBanner";
import { RatingPanel } from "../features/ratings/components/RatingPanel";
import { ChatPanel } from "../features/chat/components/ChatPanel";
import AgentProfilePage from "../features/agents/pages/AgentProfilePage";
import { history as chatHistory, message as chatMessage } from "../test/chat-fixtures";

/**
 * Every translated screen, rendered in Simplified Chinese, must show no English: any run of two or
 * more Latin letters left in its text, or in a label a screen reader says (aria-label, placeholder,
 * title, alt), fails the test. Allowed: the brand, FC codes (ONT8), "FBA", US$, kg, CSV, emails and
 * text marked as another language (the language switch names English in English, lang="en").
 *
 * A screen joins the list below once it is translated; `ready` waits for a text the screen only
 * shows once its catalog is in, `act` opens what the screen hides until asked (a drawer, a menu).
 */
interface TranslatedRoute {
  name: string;
  element: () => ReactElement;
  path?: string;
  url?: string;
  width?: number;
  signedIn?: boolean;
  ready: () => Promise<unknown>;
  act?: () => Promise<unknown>;
  /** Parts of the screen that belong to screens not translated yet (a CSS selector), unchecked. */
  ignore?: string;
  /** Whole response bodies by path prefix, answered before the common fake API. */
  api?: Record<string, unknown>;
}

/** A fetch that answers `bodies` by path prefix and passes anything else to `rest`. */
function answering(bodies: Record<string, unknown>, rest: typeof fetch) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname.replace(/^\/api\//, "");
    const key = Object.keys(bodies).find((prefix) => path.startsWith(prefix));
    if (key === undefined) return rest(input, init);
    return new Response(JSON.stringify(bodies[key]), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
}

// The seller's rows with data a Chinese seller enters (the product and address as typed).
const sellerRows = [
  shipmentRow({
    id: 41,
    product_name: "竹制砧板",
    status: "Quotation Received",
    is_bidding_open: false,
    quotation: { total_amount: "1234.50" } as never,
    quotation_count: 3,
    pickup_location: {
      ...shipmentRow().pickup_location!,
      full_address: "广东省深圳市宝安区福永街道 8 号",
    },
  }),
  shipmentRow({
    id: 42,
    product_name: "不锈钢保温杯",
    status: "Shipment Pending",
    is_bidding_open: false,
    quotation_count: 0,
    pickup_location: { ...shipmentRow().pickup_location!, full_address: "浙江省宁波市北仑区" },
  }),
];

const envelope = (data: unknown) => ({ status: "success", status_code: 200, message: "OK", data });

// The seller's screens: dashboard counts, announcements and analytics, a shipment in each state.
const sellerApi: Record<string, unknown> = {
  "seller/seller-dashboard/": envelope({
    active_shipments: 2,
    sample_shipments: 1,
    completed_shipments: 5,
  }),
  "v1/announcement/": envelope({ data: [], pagination_option: { page: 1, per_page: 1, total: 0 } }),
  "average-cost/estimates/": envelope([
    {
      warehouse_number: "ONT8",
      agents: 2,
      slow: { min: "2.10", max: "2.60" },
      fast: { min: "3.40", max: "3.40" },
      air: null,
    },
  ]),
};

// The seller's shipment as a Chinese seller books it, in each state of its page.
const sellerShipment = (overrides: Partial<ShipmentDetail>) =>
  shipmentDetail({
    product_name: "竹制砧板",
    supplier_contact_name: "李伟",
    freight_booking_reference_number: "2026 1108",
    pickup_location: {
      ...shipmentDetail().pickup_location!,
      full_address: "广东省深圳市宝安区福永街道 8 号",
    },
    user: { ...shipmentDetail().user!, first_name: "芳", last_name: "王" },
    contact_information: { first_name: "芳", last_name: "王", email: "fang@example.com" },
    compliance: {
      detailed_product_description: "竹制砧板，三件套",
      compliance: ["Wooden / Bamboo / Animal Product"],
      additional_notes: "轻拿轻放",
    },
    packages: [
      {
        id: 1,
        delivery_location: "ONT8",
        carton_dimensions_length: "60",
        carton_dimensions_width: "40",
        carton_dimensions_height: "40",
        weight_per_carton_kg: "18",
        total_cost_of_goods: "1850.50",
        number_of_cartons: "20",
        chargeable_weight: "384.00",
        fba_shipment_id: null,
      } as never,
    ],
    documents_missing: [],
    ...overrides,
  });
const sellerBid = {
  id: 5,
  shipment: 41,
  pickup_amount: "100.00",
  fast_amount: "1200.00",
  normal_amount: "800.00",
  total_amount: "900.00",
  is_accepted: null,
  cancel_reason: null,
  accepted_service: null,
  is_winner: true,
  is_masked: false,
  details: null,
  is_expired: false,
  reconfirm_requested_at: null,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-20T10:00:00Z",
  user: { id: 8, first_name: "强", last_name: "张", email: "zhang@example.com" },
};
const sellerShipmentApi = (shipment: ShipmentDetail, bids: unknown[] = []) => ({
  ...sellerApi,
  "quotations/": {
    ...envelope(bids),
    pagination_option: { page: 1, pages: 1, per_page: 200, count: bids.length },
  },
  "shipments/41/": envelope(shipment),
});

// An order's panels, each answered at its own path (listed before the shipment's, whose path
// starts theirs): destinations, documents, rating, final amount and chat.
const orderChat = envelope({
  ...chatHistory([
    chatMessage({
      content: "货已经备好了，周五可以提货吗？",
      sender: { id: 9, first_name: "芳", last_name: "王" },
      timestamp: "2026-11-20T10:00:00.000Z",
    }),
    chatMessage({
      content: "可以，周五上午到厂。",
      sender_type: "Shipper",
      sender: { id: 8, first_name: "强", last_name: "张" },
      timestamp: "2026-11-20T10:05:00.000Z",
      read_by: [8, 9],
    }),
  ]),
  seller: { id: 9, first_name: "芳", last_name: "王", image: null },
  shipper: { id: 8, first_name: "强", last_name: "张", image: null },
});
const orderLeg = (delivered: boolean) => ({
  id: 11,
  shipment: 41,
  position: 1,
  fc_code: "ONT8",
  fc_name: null,
  cartons: 20,
  fba_shipment_id: "FBA17ABC9XYZ",
  amazon_reference_id: null,
  appointment_id: null,
  appointment_at: null,
  eta: "2099-12-01",
  tracking_number: null,
  delivered_fc_code: delivered ? "ONT8" : null,
  milestone: delivered ? "delivered" : "picked_up",
  milestone_label: "Sent in English",
  last_event_at: "2026-11-12T08:00:00Z",
  late: false,
  stale_days: 0,
  different_fc: null,
  events: [],
});
const orderApi = (shipment: ShipmentDetail, rating: unknown = null) => ({
  "shipments/41/legs/": envelope([orderLeg(shipment.status === "Shipment Completed")]),
  "shipments/41/documents/": envelope([
    {
      id: 1,
      shipment: 41,
      leg: null,
      type: "Commercial invoice",
      version: 1,
      latest: true,
      file_name: "商业发票.pdf",
      mime_type: "application/pdf",
      size_bytes: 204800,
      uploaded_by: { id: 8, first_name: "强", last_name: "张" },
      created_at: "2026-11-21T10:00:00Z",
      download_url: "/api/documents/1/download",
    },
  ]),
  "shipments/41/rating/": envelope(rating),
  "shipments/41/charge-change/": envelope(null),
  "shipments/41/comparison/": envelope(null),
  "chat/messages/41": orderChat,
  ...sellerShipmentApi(shipment, [sellerBid]),
});
const acceptedBid = {
  ...sellerBid,
  is_accepted: true,
  accepted_service: "normal",
  details: {
    fast: { service_type: "air_express", transit_min_days: 6, transit_max_days: 9 },
    normal: { service_type: "sea", transit_min_days: 25, transit_max_days: 30 },
    inclusions: ["pickup_origin", "main_freight", "fc_delivery"],
    valid_until: "2099-12-01",
    note: "含提货",
  },
};
const acceptedOrder = sellerShipment({
  status: "Quotation Accepted",
  is_bidding_open: false,
  quotation_count: 1,
  quotation: acceptedBid as never,
  documents_missing: ["Packing list"] as never,
});
const completedOrder = sellerShipment({
  status: "Shipment Completed",
  is_bidding_open: false,
  quotation_count: 1,
  tracking_number: "9400111206213859",
  final_amount: "900.00",
  quotation: acceptedBid as never,
});

// A sample shipment with its chat, as the seller and the agent see it.
const sampleChatApi = {
  "chat/sample-shipment-messages/12": orderChat,
  "sample-shipments/12/": envelope({
    id: 12,
    product_name: "竹杯",
    quantity: 3,
    address: "浙江省宁波市北仑区",
    status: "Shipment Pending",
    created_at: "2026-11-20T10:00:00Z",
    seller: { id: 9, first_name: "芳", last_name: "王", image: null },
    message_count: 2,
    claim: null,
    delivery_address: "浙江省宁波市北仑区",
    samples_desk_address: "样品收发处",
  }),
};

// The seller's sample shipments: one an agent handles, one waiting.
const sellerSample = (id: number, claim: unknown) => ({
  id,
  product_name: "竹制砧板",
  quantity: 12,
  address: "浙江省宁波市北仑区",
  status: id === 71 ? "Shipment Completed" : "Shipment Pending",
  created_at: "2026-11-20T10:00:00Z",
  seller: { id: 9, first_name: "芳", last_name: "王", image: null },
  message_count: 2,
  claim,
});
const sellerSamplesApi = (rows: unknown[]) => ({
  ...sellerApi,
  "sample-shipments/": envelope({
    data: rows,
    pagination_option: { page: 1, pages: 1, per_page: 10, count: rows.length },
  }),
});

// The admin's screens: every shipment and sample, the users, the warehouses.
const adminCounts = {
  shipments: {
    total: 20,
    by_status: {
      "Shipment Pending": 6,
      "Quotation Received": 4,
      "Quotation Approved": 2,
      "Quotation Accepted": 3,
      "Shipment Completed": 4,
      "Shipment Cancelled": 1,
    },
    open_for_bids: 7,
    closed_without_bids: 2,
  },
  sample_shipments: { total: 1, by_status: { "Shipment Pending": 1, "Shipment Completed": 0 } },
  users: { total: 3, disabled: 1, by_group: { Seller: 1, Shipper: 1, Admin: 1 } },
};
const adminUser = (id: number, groups: string, first: string, last: string, active = true) => ({
  id,
  first_name: first,
  last_name: last,
  email: `u${id}@example.com`,
  groups,
  image: null,
  is_active: active,
  profile: { phone: id === 2 ? null : "13800138000" },
  created_at: "2026-11-20T10:00:00Z",
  scorecard: null,
  storage_used_bytes: 5 * 1024 * 1024,
});
const adminApi = {
  "admin/dashboard/": envelope(adminCounts),
  "admin/shipments/": flatList(
    sellerRows.map((row) => ({ ...row, user: { ...row.user, first_name: "芳", last_name: "王" } })),
  ),
  "admin/users/": flatList([
    adminUser(9, "Admin", "芳", "王"),
    adminUser(2, "Seller", "伟", "李"),
    adminUser(3, "Shipper", "强", "张", false),
  ]),
  "admin/recovery-failures/": envelope({
    hours: [{ hour: "2026-11-20T10:00:00Z", failures: 3 }],
    total: 3,
  }),
  "admin/events/parked/": envelope({
    events: [
      {
        id: 42,
        name: "bidding.closed",
        payload: {},
        attempts: 8,
        last_error: null,
        created_at: "2026-11-20T10:00:00Z",
      },
    ],
    waiting: 3,
    oldest_waiting_seconds: 12,
    parked: 1,
  }),
  "analytics/admin/": envelope({
    by_month: ["2026-09", "2026-10", "2026-11"].map((month, index) => ({
      month,
      bookings: index + 2,
      gmv: 1250.5 * (index + 1),
    })),
    bids_per_shipment: {
      average: 2.43,
      distribution: ["0", "1", "2", "3-5", "6+"].map((bucket, index) => ({
        bucket,
        shipments: index,
      })),
    },
    median_minutes_to_first_bid: 210,
    disputes_open: 1,
  }),
  "admin/warehouses/": envelope([
    {
      id: 1,
      code: "ONT8",
      country: "US",
      address: "24300 Nandina Ave",
      name: null,
      city: "Moreno Valley",
      state: "CA",
      postal_code: "92551",
      type: null,
      port: null,
      is_active: true,
    },
    {
      id: 2,
      code: "LGB8",
      country: "US",
      address: "1568 N Linden Ave",
      name: null,
      city: null,
      state: null,
      postal_code: null,
      type: null,
      port: null,
      is_active: false,
    },
  ]),
};

const sellerFigures = {
  spend_by_month: ["2026-10", "2026-11"].map((month, index) => ({ month, amount: 1250.5 * index })),
  cost_per_kg_by_fc: [{ fc_code: "ONT8", average_per_kg: 3.46, orders: 4 }],
  on_time: { on_time: 3, measured: 4, rate: 0.75 },
  open_orders_by_status: [{ status: "Quotation Received" as const, count: 2 }],
};

/** A screen with charts: jsdom has no layout, the charts size themselves from their container. */
const withCharts = (element: ReactElement) => () => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  return element;
};

const announcement = (id: number, title: string | null, groups: string) => ({
  id,
  title,
  message: "春节期间（2 月 5 日至 2 月 18 日）深圳仓库暂停收货，请提前安排提货。",
  timestamp: "2026-11-20T10:00:00Z",
  sender: { id: 20 + id, first_name: "伟", last_name: "李", groups },
});
const announcementList = (rows: unknown[]) =>
  envelope({
    data: rows,
    pagination_option: { page: 1, pages: 1, per_page: 10, count: rows.length },
  });
const announcementApi = {
  "v1/announcement/7/": envelope(announcement(7, null, "Shipper")),
  "v1/announcement/": announcementList([
    announcement(7, null, "Shipper"),
    announcement(8, "春节放假通知", "Seller"),
  ]),
};
/** Signs in as `groups` before the screen renders. */
const as = (groups: string, element: ReactElement) => () => {
  signIn({ id: 9, first_name: "芳", last_name: "王", groups });
  return element;
};

// A final amount above the bid as a Chinese agent and seller write it.
const chineseChange = (overrides: Parameters<typeof chargeChange>[0] = {}) =>
  chargeChange({
    note: "箱子实测 62 厘米",
    evidence: null,
    summary: "",
    events: [
      {
        ...chargeChange().events[0]!,
        by: { id: 3, first_name: "强", last_name: "张", group: "Shipper" },
        note: "箱子实测 62 厘米",
      },
    ],
    ...overrides,
  });
const disputeRow = (id: number, change: ReturnType<typeof chargeChange>) => ({
  shipment: { id, product_name: "竹制砧板", status: "Shipment Completed", completed_at: null },
  seller: { id: 2, first_name: "伟", last_name: "李", email: "li@example.com" },
  agent: { id: 3, first_name: "强", last_name: "张", email: "zhang@example.com" },
  charge_change: change,
});
const disputesApi = {
  "admin/disputes/": envelope([
    disputeRow(
      31,
      chineseChange({
        status: "disputed",
        dispute_reason: "提货时箱子是 60 厘米",
        disputed_at: "2026-11-21T09:00:00Z",
        can_accept: false,
        can_dispute: false,
        can_decide: true,
      }),
    ),
    disputeRow(
      32,
      chineseChange({
        id: 6,
        status: "decided",
        dispute_reason: "提货时箱子是 60 厘米",
        disputed_at: "2026-11-18T09:00:00Z",
        decision: { outcome: "between", outcome_label: "", amount: "690.50", note: "各承担一半" },
        can_accept: false,
        can_dispute: false,
      }),
    ),
  ]),
};

// The bell's notifications as the server writes them for a Chinese reader.
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const notificationsApi = {
  "chat/notifications/": envelope([
    {
      id: 1,
      notification_type: "Shipment",
      shipment_id: 41,
      sample_shipment_id: 0,
      content: "货件 #41（竹制砧板）收到新报价",
      is_read: false,
      updated_at: minutesAgo(0),
      user: { id: 3, first_name: "强" },
    },
    {
      id: 2,
      notification_type: "Sample Shipment",
      shipment_id: 0,
      sample_shipment_id: 12,
      content: "您的样品货件 #12（竹杯）已标记为完成",
      is_read: false,
      updated_at: minutesAgo(15),
      user: { id: 3, first_name: "强" },
    },
    {
      id: 3,
      notification_type: "Announcement",
      shipment_id: null,
      sample_shipment_id: 0,
      content: "新公告：春节放假通知",
      is_read: true,
      updated_at: minutesAgo(60 * 24 * 2),
      user: { id: 1, first_name: "芳" },
    },
    {
      id: 4,
      notification_type: "Shipment",
      shipment_id: 42,
      sample_shipment_id: 0,
      content: "货件 #42（不锈钢保温杯）竞价已截止",
      is_read: true,
      updated_at: "2026-10-01T10:00:00Z",
      user: { id: 0, first_name: "系统" },
    },
  ]),
};

const ROUTES: TranslatedRoute[] = [
  {
    name: "landing page",
    element: () => <LandingPage />,
    ready: () =>
      screen.findByRole("heading", { level: 1, name: "亚马逊 FBA 卖家的头程物流之选！" }),
  },
  {
    name: "landing page on a phone",
    element: () => <LandingPage />,
    width: 375,
    ready: () => screen.findByRole("heading", { level: 2, name: "使用流程" }),
  },
  {
    name: "login",
    element: () => <LoginPage />,
    path: "/login",
    ready: () => screen.findByRole("button", { name: "登录" }),
    act: async () => {
      // The contract's validation messages, shown in Chinese.
      await userEvent.click(screen.getByRole("button", { name: "登录" }));
      await screen.findByText("请填写邮箱");
    },
  },
  {
    name: "password recovery, its first step",
    element: () => <LoginPage />,
    path: "/login",
    width: 375,
    ready: () => screen.findByRole("button", { name: "忘记密码？" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "忘记密码？" }));
      await screen.findByRole("dialog", { name: /忘记密码/ });
      await userEvent.click(await screen.findByRole("button", { name: "发送验证码" }));
      await screen.findByText("请填写邮箱");
    },
  },
  {
    name: "login on a phone, the agents' tab",
    element: () => <LoginPage />,
    path: "/shipper/login",
    width: 375,
    ready: () => screen.findByRole("tab", { name: "货代", selected: true }),
  },
  {
    name: "sign-up, its messages shown",
    element: () => <SignupPage />,
    path: "/signup",
    ready: () => screen.findByRole("heading", { level: 1, name: "创建账户" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "注册" }));
      await screen.findByText("请填写名字");
    },
  },
  {
    name: "sign-up on a phone, the agents' tab",
    element: () => <SignupPage />,
    path: "/shipper/signup",
    width: 375,
    ready: () => screen.findByText("为亚马逊 FBA 卖家的货件报价。"),
  },
  {
    name: "signed-in shell with its sidebar (seller)",
    element: () => <AppLayout />,
    path: "/seller/dashboard",
    signedIn: true,
    ready: () => screen.findByRole("navigation", { name: "主菜单" }),
  },
  {
    name: "signed-in shell on a phone with its menu drawer open",
    element: () => <AppLayout />,
    path: "/seller/dashboard",
    width: 375,
    signedIn: true,
    ready: () => screen.findByRole("button", { name: "打开菜单" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "打开菜单" }));
      await screen.findByRole("navigation", { name: "主菜单" });
    },
  },
  {
    name: "seller's active shipments with rows",
    element: () => <SellerActiveShipmentsPage />,
    path: "/seller/booking",
    ready: () => screen.findByText("竹制砧板"),
  },
  {
    name: "seller's active shipments on a phone",
    element: () => <SellerActiveShipmentsPage />,
    path: "/seller/booking",
    width: 375,
    ready: () => screen.findByText("不锈钢保温杯"),
  },
  {
    name: "seller's completed shipments, empty",
    element: () => <SellerCompletedShipmentsPage />,
    path: "/seller/booking/pastorders",
    ready: () => screen.findByText("您还没有订单"),
  },
  // The seller's screens (dashboard, booking, shipment in each state, samples).
  {
    name: "seller's dashboard",
    element: () => <SellerDashboardPage />,
    path: "/seller/dashboard",
    signedIn: true,
    api: sellerApi,
    // The configured bid window inside the sentence.
    ready: () =>
      screen.findByText(
        (_, element) =>
          element?.tagName === "P" &&
          /货代在 72 小时内密封报价，最低报价中标。$/.test(element.textContent ?? ""),
      ),
  },
  {
    name: "booking form, its validation messages after a failed submit",
    element: () => <NewShipmentPage />,
    path: "/seller/quotes",
    signedIn: true,
    api: sellerApi,
    ready: () => screen.findByRole("heading", { level: 2, name: "货物信息" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "提交" }));
      await screen.findByText("请填写品名");
      await screen.findByText("请选择货好日期");
    },
  },
  {
    name: "booking form on a phone, the estimate box showing",
    element: () => <NewShipmentPage />,
    path: "/seller/quotes",
    width: 375,
    signedIn: true,
    api: sellerApi,
    ready: () => screen.findByText(/输入亚马逊仓库代码/),
    act: async () => {
      // Typed as a paste, not key by key, and found by label inside the destination's group
      // (role queries over the whole form are slow): the estimate needs the FC, weight, cartons.
      const group = screen.getByRole("group", { name: "亚马逊仓库 1" });
      for (const [label, value] of [
        [/亚马逊仓库地址/, "ONT8"],
        [/单箱重量/, "40"],
        [/箱数/, "3"],
      ] as const)
        fireEvent.change(within(group).getByLabelText(label), { target: { value } });
      await within(group).findByText(/到 ONT8 的预估运费（计费重/, {}, { timeout: 10_000 });
    },
  },
  {
    name: "seller's shipment while agents bid",
    element: () => <SellerShipmentPage />,
    path: "/seller/booking/order/status/:id",
    url: "/seller/booking/order/status/41",
    api: sellerShipmentApi(
      sellerShipment({
        status: "Quotation Received",
        is_bidding_open: true,
        bidding_ends_at: "2099-01-01T00:00:00Z",
        quotation_count: 2,
      }),
    ),
    ready: () => screen.findByText("竹制砧板，三件套"),
    act: () => screen.findByText("还没有报价"),
  },
  {
    name: "seller's shipment with the winning bid to accept, the accept dialog open",
    element: () => <SellerShipmentPage />,
    path: "/seller/booking/order/status/:id",
    url: "/seller/booking/order/status/41",
    width: 375,
    api: sellerShipmentApi(
      sellerShipment({
        status: "Quotation Approved",
        is_bidding_open: false,
        quotation_count: 1,
        quotation: sellerBid as never,
      }),
      [sellerBid],
    ),
    ready: () => screen.findByRole("button", { name: "接受报价" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "接受报价" }));
      await screen.findByRole("dialog", { name: "接受报价" });
    },
  },
  {
    name: "seller's shipment without bids, the cancel dialog's message shown",
    element: () => <SellerShipmentPage />,
    path: "/seller/booking/order/status/:id",
    url: "/seller/booking/order/status/41",
    api: sellerShipmentApi(sellerShipment({ status: "Shipment Pending", is_bidding_open: false })),
    ready: () => screen.findByRole("button", { name: "重新开放竞价" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "取消货件" }));
      await screen.findByRole("dialog", { name: "取消货件" });
    },
  },
  {
    name: "seller's sample shipments with rows",
    element: () => <SellerSamplesPage />,
    path: "/seller/booking/samples",
    api: sellerSamplesApi([
      sellerSample(71, null),
      sellerSample(72, {
        claimed_at: "2026-11-21T10:00:00Z",
        is_mine: false,
        agent: { id: 8, first_name: "强", last_name: "张", company_name: "" },
      }),
      sellerSample(73, { claimed_at: "2026-11-21T10:00:00Z", is_mine: false, agent: null }),
    ]),
    ready: () => screen.findByText("处理货代：强 张"),
  },
  {
    name: "seller's sample shipments on a phone, empty",
    element: () => <SellerSamplesPage />,
    path: "/seller/booking/samples",
    width: 375,
    api: sellerSamplesApi([]),
    ready: () => screen.findByText("您还没有样品货件"),
  },
  {
    name: "sample shipment form, its validation messages shown",
    element: () => <SampleShipmentDialog open onClose={() => {}} />,
    ready: () => screen.findByRole("dialog", { name: "申请样品货件" }),
    act: async () => {
      fireEvent.change(screen.getByRole("textbox", { name: /样品数量/ }), {
        target: { value: "1.5" },
      });
      fireEvent.blur(screen.getByRole("textbox", { name: /样品数量/ }));
      await screen.findByText("样品数量只能包含数字");
      await screen.findByText("请填写品名");
    },
  },
  // The orders: accepted (with the chat) and completed, for the seller and the agent.
  {
    name: "seller's accepted order with its chat",
    element: () => <SellerOrderChatPage />,
    path: "/seller/booking/recentorderstatus/:id",
    url: "/seller/booking/recentorderstatus/41?src=currentShipments",
    signedIn: true,
    api: orderApi(acceptedOrder),
    ready: () => screen.findByText("可以，周五上午到厂。", {}, { timeout: 15_000 }),
    act: () => screen.findByText("商业发票.pdf"),
  },
  {
    name: "seller's completed order",
    element: () => <SellerShipmentPage />,
    path: "/seller/booking/order/status/:id",
    url: "/seller/booking/order/status/41?src=completed",
    width: 375,
    signedIn: true,
    api: orderApi(completedOrder),
    ready: () => screen.findByText("已送达：请为货代评分。", {}, { timeout: 15_000 }),
    act: () => screen.findByText("商业发票.pdf"),
  },
  {
    name: "agent's accepted order with its chat, the add-info dialog with an amount above the bid",
    element: as("Shipper", <ShipperOrderPage />),
    path: "/shipper/dashboard/orders/status/:id",
    url: "/shipper/dashboard/orders/status/41?src=accepted",
    api: orderApi(acceptedOrder),
    ready: () => screen.findByText("可以，周五上午到厂。", {}, { timeout: 15_000 }),
    act: async () => {
      await screen.findByText("商业发票.pdf");
      await userEvent.click(screen.getByRole("button", { name: "填写信息" }));
      const dialog = await screen.findByRole("dialog", { name: "填写信息" });
      // Above the accepted bid (US$900.00): the reason and evidence fields show.
      fireEvent.change(within(dialog).getByLabelText(/最终金额/), { target: { value: "1000" } });
      await within(dialog).findByText(/比已接受报价/);
    },
  },
  {
    name: "agent's completed order",
    element: as("Shipper", <ShipperOrderPage />),
    path: "/shipper/dashboard/orders/pastorders/status/:id",
    url: "/shipper/dashboard/orders/pastorders/status/41",
    width: 375,
    api: orderApi(completedOrder, {
      id: 3,
      overall: 4,
      communication: 5,
      care_of_cargo: 4,
      punctuality: 3,
      as_described: 4,
      comment: "提货准时，清关顺利。",
      reply: null,
      replied_at: null,
      rater_first_name: "芳",
      month: "2026-11",
      shipment_id: 41,
      agent_id: 8,
      created_at: "2026-11-28T10:00:00Z",
      can_reply: true,
    }),
    ready: () => screen.findByText("订单已完成。", {}, { timeout: 15_000 }),
    act: () => screen.findByText("商业发票.pdf"),
  },
  {
    name: "seller's sample shipment with its chat",
    element: () => <SellerOrderChatPage />,
    path: "/seller/booking/recentorderstatus/:id",
    url: "/seller/booking/recentorderstatus/12?src=sampleShipments",
    signedIn: true,
    api: sampleChatApi,
    ready: () => screen.findByText("可以，周五上午到厂。", {}, { timeout: 15_000 }),
  },
  {
    name: "agent's sample shipment with its chat, on a phone",
    element: as("Shipper", <ShipperOrderPage />),
    path: "/shipper/dashboard/orders/status/:id",
    url: "/shipper/dashboard/orders/status/12?src=sampleShipments",
    width: 375,
    api: sampleChatApi,
    ready: () => screen.findByText("可以，周五上午到厂。", {}, { timeout: 15_000 }),
  },
  {
    name: "the agent's sample shipments with rows",
    element: as("Shipper", <ShipperSamplesPage />),
    path: "/shipper/dashboard/orders/sample-shipments",
    api: sellerSamplesApi([
      sellerSample(71, null),
      sellerSample(72, {
        claimed_at: "2026-11-21T10:00:00Z",
        is_mine: true,
        agent: { id: 9, first_name: "芳", last_name: "王", company_name: "" },
      }),
    ]),
    ready: () => screen.findByText("处理货代：您"),
  },
  {
    name: "the agent's average costs",
    element: as("Shipper", <AverageCostsPage />),
    path: "/shipper/average-costs",
    api: {
      "average-cost/": envelope({
        data: [
          {
            id: 1,
            warehouse_number: "ONT8",
            slow_cost: "2.75",
            fast_cost: "4.00",
            air_cost: "0",
            updated_at: "2026-11-01T00:00:00Z",
          },
        ],
        pagination_option: { page: 1, pages: 1, per_page: 10, count: 1 },
      }),
    },
    ready: () => screen.findByText("ONT8"),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "添加参考运价" }));
      const dialog = await screen.findByRole("dialog", { name: "添加参考运价" });
      await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
      await within(dialog).findAllByText(/请/);
    },
  },
  // The admin's screens.
  {
    name: "admin dashboard, the shipments tab",
    element: withCharts(<AdminDashboardPage />),
    path: "/admin/dashboard",
    api: adminApi,
    ready: () => screen.findByText("竹制砧板", {}, { timeout: 10_000 }),
    act: async () => {
      await screen.findByText("2 个竞价截止时无报价");
      await screen.findByText("近 12 个月平均每个货件收到 2.4 个报价。", {}, { timeout: 10_000 });
      await userEvent.click(screen.getAllByRole("button", { name: "显示表格" })[0]!);
    },
  },
  {
    name: "admin dashboard on a phone",
    element: withCharts(<AdminDashboardPage />),
    path: "/admin/dashboard",
    width: 375,
    api: adminApi,
    ready: () => screen.findByText("不锈钢保温杯", {}, { timeout: 10_000 }),
  },
  {
    name: "seller's charts with a table shown",
    element: withCharts(<SellerCharts data={sellerFigures} />),
    ready: () => screen.findByRole("figure", { name: "每月支出" }),
    act: () => userEvent.click(screen.getAllByRole("button", { name: "显示表格" })[3]!),
  },
  {
    name: "admin's users with the recovery and event lines",
    element: () => <AdminUsersPage />,
    path: "/admin/users",
    signedIn: true,
    api: adminApi,
    ready: () => screen.findByText("事件投递：3 个等待中（最久 12 秒），1 个失败"),
    act: async () => {
      await screen.findByRole("button", { name: "停用 伟 李" });
      await userEvent.click(screen.getByRole("button", { name: "停用 伟 李" }));
      await screen.findByRole("dialog", { name: "停用账户" });
    },
  },
  {
    name: "admin's warehouses with the add dialog",
    element: () => <AdminWarehousesPage />,
    path: "/admin/warehouses",
    api: adminApi,
    ready: () => screen.findByText("24300 Nandina Ave"),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "添加仓库" }));
      await screen.findByRole("dialog", { name: "添加仓库" });
    },
  },
  {
    name: "announcements, the admin's list with the remove dialog",
    element: as("Admin", <AnnouncementsPage />),
    path: "/admin/announcements",
    api: announcementApi,
    ready: () => screen.findByText("春节放假通知"),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "删除公告 无标题" }));
      await screen.findByRole("dialog", { name: "删除公告" });
    },
  },
  {
    name: "announcements on a phone, empty, with the new-announcement form",
    element: as("Seller", <AnnouncementsPage />),
    path: "/seller/announcements",
    width: 375,
    api: { "v1/announcement/": announcementList([]) },
    ready: () => screen.findByText("暂无公告"),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "发布新公告" }));
      await screen.findByRole("dialog", { name: "发布新公告" });
    },
  },
  {
    name: "an announcement",
    element: as("Seller", <AnnouncementDetailPage />),
    path: "/seller/announcements/:id",
    url: "/seller/announcements/7",
    api: announcementApi,
    ready: () => screen.findByRole("heading", { level: 1, name: "无标题" }),
    act: () => screen.findByText("货代"),
  },
  {
    name: "the latest announcement's card",
    element: as("Seller", <LatestAnnouncementCard />),
    api: announcementApi,
    ready: () => screen.findByRole("link", { name: "查看全部公告" }),
    act: () => screen.findByRole("link", { name: "无标题" }),
  },
  {
    name: "disputes, every status from a day, with the decide dialog",
    element: () => <AdminDisputesPage />,
    path: "/admin/disputes",
    url: "/admin/disputes?status=all&from=2026-11-01",
    api: disputesApi,
    ready: () => screen.findByText("各承担一半", {}, { timeout: 10_000 }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "裁决货件 #31 的争议" }));
      const dialog = await screen.findByRole("dialog", { name: "裁决货件 #31 的争议" });
      await userEvent.click(within(dialog).getByRole("radio", { name: /介于两者之间的金额/ }));
    },
  },
  {
    name: "disputes on a phone, none open",
    element: () => <AdminDisputesPage />,
    path: "/admin/disputes",
    width: 375,
    api: { "admin/disputes/": envelope([]) },
    ready: () => screen.findByText("暂无待裁决争议"),
  },
  {
    name: "an order's final amount above the bid, the seller's dispute form",
    element: () => <ChargeChangeCard shipmentId={31} side="seller" />,
    api: { "shipments/31/charge-change/": envelope(chineseChange()) },
    ready: () => screen.findByText("比已接受报价高 US$180.00：箱子重新测量"),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "提出争议" }));
      const dialog = await screen.findByRole("dialog", { name: "对最终金额提出争议" });
      await userEvent.click(within(dialog).getByRole("button", { name: "提交争议" }));
      await within(dialog).findByText("请说明您对最终金额有异议的原因");
    },
  },
  {
    name: "the notifications menu, opened",
    element: () => <NotificationBell />,
    signedIn: true,
    api: notificationsApi,
    ready: () => screen.findByRole("button", { name: /^通知/ }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: /^通知/ }));
      const menu = await screen.findByRole("dialog", { name: "通知" });
      // How long ago, counted from when the fixtures were made (a busy run may take minutes).
      await within(menu).findByText(/^货件 · (刚刚|\d+ 分钟前)$/);
      await within(menu).findByText(/^样品货件 · \d+ 分钟前$/);
      await within(menu).findByText("公告 · 2 天前");
    },
  },
  {
    name: "profile with its storage, the form's messages shown",
    element: () => <ProfilePage />,
    path: "/seller/profile",
    signedIn: true,
    api: {
      "auth/v1/me/": envelope({
        id: 9,
        first_name: "芳",
        last_name: "王",
        email: "fang@example.com",
        groups: "Seller",
        image: null,
        profile: { phone: "13800138000", company_name: null },
        email_notifications: true,
        milestone_emails: true,
        is_active: true,
        storage: { used_bytes: Math.round(1.2 * 1024 ** 3), quota_bytes: 2 * 1024 ** 3 },
      }),
    },
    ready: () => screen.findByText("已使用 1.2 GB，共 2 GB", {}, { timeout: 10_000 }),
    act: async () => {
      await userEvent.type(screen.getByLabelText(/^新密码/), "short");
      await userEvent.click(screen.getByRole("button", { name: "保存修改" }));
      await screen.findByText("修改密码时须填写当前密码");
    },
  },
  {
    name: "profile on a phone",
    element: () => <ProfilePage />,
    path: "/seller/profile",
    width: 375,
    signedIn: true,
    ready: () => screen.findByRole("heading", { level: 1, name: "个人资料" }),
  },
  {
    name: "admin's shipment with its bids",
    element: () => <AdminShipmentPage />,
    path: "/admin/shipments/:id",
    url: "/admin/shipments/41",
    signedIn: true,
    // Checked here: the page's header and its bids. The order's panels (status, details, cargo)
    // and its chat are the shipment pages' own and are checked with them.
    ignore:
      'section:not(:has([aria-label="报价"])), [data-testid="chat-panel"], [aria-label="Loading chat"]',
    api: {
      "quotations/": flatList(
        [
          { id: 5, first: "强", last: "张", total: "1234.50" },
          { id: 6, first: "磊", last: "陈", total: "1300.00" },
        ].map((bid) => ({
          id: bid.id,
          shipment: 41,
          pickup_amount: "100.00",
          fast_amount: bid.total,
          normal_amount: "",
          total_amount: bid.total,
          user: { id: bid.id + 10, first_name: bid.first, last_name: bid.last, email: "a@b.cn" },
          created_at: "2026-11-21T09:00:00Z",
          is_winner: false,
          is_accepted: null,
          cancel_reason: null,
        })) as never[],
      ),
      "shipments/41/": envelope(
        shipmentDetail({
          product_name: "竹制砧板",
          status: "Quotation Received",
          supplier_contact_name: "李伟",
          user: { ...shipmentDetail().user, first_name: "芳", last_name: "王" },
          pickup_location: {
            ...shipmentDetail().pickup_location!,
            full_address: "浙江省宁波市北仑区",
          },
          contact_information: { first_name: "芳", last_name: "王", email: "fang@example.com" },
          compliance: {
            detailed_product_description: "竹制砧板",
            compliance: [],
            additional_notes: null,
          },
        }),
      ),
    },
    ready: () => screen.findByRole("heading", { level: 2, name: "竹制砧板" }, { timeout: 10_000 }),
    act: async () => {
      await userEvent.click(await screen.findByRole("button", { name: "批准报价：强 张" }));
      await screen.findByRole("dialog", { name: "批准该报价" });
    },
  },
  {
    name: "admin's sample shipment, its frame",
    element: () => <AdminSamplePage />,
    path: "/admin/samples/:id",
    url: "/admin/samples/12",
    signedIn: true,
    // The sample's details and its chat are the samples' and the chat's own.
    ignore: 'section, [data-testid="chat-panel"], [aria-label="Loading chat"]',
    api: {
      "sample-shipments/12/": envelope({
        id: 12,
        product_name: "竹杯",
        quantity: 3,
        address: "浙江省宁波市北仑区",
        status: "Quotation Received",
        created_at: "2026-11-20T10:00:00Z",
        seller: { id: 1, first_name: "芳", last_name: "王", image: null },
        message_count: 0,
        delivery_address: "浙江省宁波市北仑区",
        samples_desk_address: "样品收发处",
      }),
    },
    ready: () => screen.findByRole("link", { name: "全部样品货件" }),
  },
  {
    name: "admin dashboard, the samples tab",
    element: withCharts(<AdminDashboardPage />),
    path: "/admin/dashboard",
    url: "/admin/dashboard?tab=samples",
    api: {
      ...adminApi,
      "sample-shipments/": envelope({
        data: [sellerSample(71, null), sellerSample(72, null)],
        pagination_option: { page: 1, pages: 1, per_page: 10, count: 2 },
      }),
    },
    ready: () => screen.findByRole("tab", { name: "样品货件", selected: true }),
    act: () => screen.findByRole("link", { name: "查看样品货件 72" }, { timeout: 10_000 }),
  },
  {
    name: "a page that does not exist",
    element: () => <NotFoundPage />,
    ready: () => screen.findByRole("heading", { name: "页面未找到" }),
  },
  // The shipping agent's screens and the order page's panels.
  {
    name: "agent's dashboard, no shipment open for bidding",
    element: () => <PendingQuotationsPage />,
    path: "/shipper/dashboard",
    api: { "shipper/shipments/": flatList([]) },
    ready: () => screen.findByText("您还没有报价"),
  },
  {
    name: "bid page's quotation form with its validation messages",
    element: () => (
      <QuotationForm
        shipment={shipmentDetail({
          bidding_ends_at: "2099-11-23T10:00:00Z",
          packages: [
            { delivery_location: "ONT8 - Moreno Valley, CA", chargeable_weight: 120 },
            { delivery_location: "FTW1 - Dallas, TX", chargeable_weight: 50 },
          ] as never,
        })}
        isOpen
      />
    ),
    api: {
      "average-cost/": envelope({
        data: [
          {
            id: 1,
            warehouse_number: "ONT8",
            slow_cost: "2.75",
            fast_cost: "4.00",
            air_cost: "0",
            updated_at: "2026-11-01T00:00:00Z",
          },
          {
            id: 2,
            warehouse_number: "FTW1",
            slow_cost: "1.50",
            fast_cost: "3.00",
            air_cost: "6.00",
            updated_at: "2026-11-01T00:00:00Z",
          },
        ],
        pagination_option: { page: 1, pages: 1, per_page: 50, count: 2 },
      }),
    },
    ready: () => screen.findByRole("note", { name: "您的参考运价" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "以此为起点" }));
      await userEvent.click(screen.getByRole("button", { name: "提交" }));
      await screen.findByText("请填写金额");
      await screen.findAllByText("请选择运输方式");
      await screen.findAllByText("请填写时效天数");
    },
  },
  {
    name: "order page's destinations (legs) for the agent, recording a milestone",
    element: () => <LegsPanel shipmentId={41} side="agent" canChange />,
    api: {
      "shipments/41/legs/": envelope([
        {
          id: 11,
          shipment: 41,
          position: 1,
          fc_code: "ONT8",
          fc_name: null,
          cartons: 16,
          fba_shipment_id: "FBA17ABC9XYZ",
          amazon_reference_id: null,
          appointment_id: null,
          appointment_at: null,
          eta: "2026-12-01",
          tracking_number: null,
          delivered_fc_code: null,
          milestone: "departed_origin",
          milestone_label: "Departed origin",
          last_event_at: "2026-11-12T08:00:00Z",
          late: true,
          stale_days: 6,
          different_fc: null,
          events: [
            ["booked", 1, null, null],
            ["picked_up", 2, "深圳", 3],
            ["picked_up", 3, "宁波", null],
            ["departed_origin", 4, "宁波", null],
          ].map(([milestone, id, location, supersededBy]) => ({
            id,
            milestone,
            label: "Sent in English",
            occurred_at: `2026-11-${10 + Number(id)}T08:00:00Z`,
            location,
            note: null,
            mode: milestone === "departed_origin" ? "sea" : null,
            vessel_or_flight: milestone === "departed_origin" ? "中远海运 058E" : null,
            appointment_id: null,
            delivered_fc_code: null,
            document_id: null,
            supersedes: id === 3 ? 2 : null,
            superseded_by: supersededBy,
            recorded_by: { id: 5, first_name: "磊", last_name: "张" },
            recorded_at: "2026-11-12T08:00:00Z",
          })),
        },
      ]),
    },
    ready: () => screen.findByRole("heading", { name: "目的仓库" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "记录节点" }));
      await screen.findByRole("dialog", { name: "记录节点 · ONT8" });
    },
  },
  {
    name: "order page's documents for the agent, a delivery to another FC and a failed upload",
    element: () => {
      const leg = {
        id: 11,
        fc_code: "ONT8",
        fc_name: null,
        delivered_fc_code: "LGB8",
        different_fc: { status: "flagged", at: "2026-11-21T10:00:00Z", by: null, note: null },
      } as never;
      return (
        <>
          <DifferentFcBanner shipmentId={41} leg={leg} side="agent" canDecide onLeg={() => {}} />
          <DocumentsPanel shipmentId={41} legs={[leg]} canUpload />
        </>
      );
    },
    api: {
      "shipments/41/documents/": envelope(
        [
          [1, null, "Commercial invoice", 1, false, "商业发票.pdf"],
          [2, null, "Commercial invoice", 2, true, "商业发票-修订.pdf"],
          [3, 11, "Proof of delivery", 1, true, "签收单.jpg"],
        ].map(([id, leg, type, version, latest, name]) => ({
          id,
          shipment: 41,
          leg,
          type,
          version,
          latest,
          file_name: name,
          mime_type: "application/pdf",
          size_bytes: 204800,
          uploaded_by: { id: 5, first_name: "磊", last_name: "张" },
          created_at: "2026-11-21T10:00:00Z",
          download_url: "/api/documents/1/download",
        })),
      ),
    },
    ready: () => screen.findByText("签收单.jpg"),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "上传" }));
      await screen.findByText("请选择单证类型");
      await screen.findByText("请选择要上传的文件");
    },
  },
  {
    name: "order page's rating for the agent, answering it without text",
    element: () => <RatingPanel shipmentId={41} side="agent" />,
    api: {
      "shipments/41/rating/": envelope({
        id: 3,
        overall: 4,
        communication: 5,
        care_of_cargo: 4,
        punctuality: 3,
        as_described: 4,
        comment: "提货准时，清关顺利。",
        reply: null,
        replied_at: null,
        rater_first_name: "芳",
        month: "2026-11",
        shipment_id: 41,
        agent_id: 5,
        created_at: "2026-11-28T10:00:00Z",
        can_reply: true,
      }),
    },
    ready: () => screen.findByRole("button", { name: "提交回复" }),
    act: async () => {
      await userEvent.click(screen.getByRole("button", { name: "提交回复" }));
      await screen.findByText("请填写回复");
    },
  },
  {
    name: "order page's chat panel for the agent",
    element: () => <ChatPanel kind="shipment" id={41} side="shipper" canSend />,
    api: {
      "chat/messages/41": envelope({
        ...chatHistory([
          chatMessage({
            content: "货已经备好了，周五可以提货吗？",
            sender: { id: 1, first_name: "芳", last_name: "王" },
            timestamp: "2026-11-20T10:00:00.000Z",
          }),
          chatMessage({
            content: "可以，周五上午到厂。",
            sender_type: "Shipper",
            sender: { id: 2, first_name: "磊", last_name: "张" },
            timestamp: "2026-11-20T10:05:00.000Z",
            read_by: [1, 2],
          }),
        ]),
        seller: { id: 1, first_name: "芳", last_name: "王", image: null },
        shipper: { id: 2, first_name: "磊", last_name: "张", image: null },
      }),
    },
    ready: () => screen.findByText("可以，周五上午到厂。", {}, { timeout: 15_000 }),
  },
  {
    name: "an agent's profile with its scorecard and ratings",
    element: () => <AgentProfilePage />,
    path: "/agents/:id",
    url: "/agents/7",
    signedIn: true,
    api: {
      // By path prefix: the ratings before the profile, whose path starts theirs.
      "agents/7/ratings/": {
        ...envelope([
          {
            id: 1,
            overall: 4,
            communication: 4,
            care_of_cargo: 5,
            punctuality: 3,
            as_described: 4,
            comment: "包装很仔细",
            reply: "谢谢！",
            replied_at: "2026-03-20T00:00:00.000Z",
            rater_first_name: "芳",
            month: "2026-03",
          },
        ]),
        pagination_option: { page: 1, pages: 1, per_page: 10, count: 1 },
      },
      "agents/7/": envelope({
        id: 7,
        first_name: "磊",
        last_name: "张",
        company_name: "宁波海运",
        member_since: "2025-06-15T10:00:00.000Z",
        scorecard: {
          agent_id: 7,
          is_new: false,
          completed_orders: 4,
          completed_undelivered: 1,
          on_time_rate: 0.5,
          booked_fc_rate: null,
          pod_rate: 1,
          variance_avg_pct: 0,
          variance_worst_pct: -2,
          cancellation_rate: 0,
          rating_average: 4,
          rating_count: 1,
          sub_scores: { communication: 4, care_of_cargo: 4.5, punctuality: 3.5, as_described: 4 },
          median_response_hours: 0.5,
        },
      }),
    },
    ready: () => screen.findByText("包装很仔细"),
  },
];

const ALLOWED = [
  new RegExp(PRODUCT_NAME.replace(/\s+/g, "\\s*"), "g"),
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /\b[A-Z]{3}\d\b/g,
  /\bFBA\b/g,
  // FBA shipment IDs, as Amazon writes them.
  /\bFBA[0-9A-Z]{8,12}\b/g,
  // File formats a document can be in.
  /\b(pdf|png|jpe?g|webp)\b/gi,
  /US\$/g,
  /\bkg\b/g,
  /\bCSV\b/g,
  // Codes of the trade: Amazon's product and shipment ids, the FDA, centimetres.
  /\b(ASIN|FDA|cm)\b/g,
  /\bFBA[0-9A-Z]+\b/g,
  // File sizes ("5 MB").
  /\b\d+(\.\d+)? ?[KMGT]?B\b/g,
  // Names of other companies' networks (the footer's links).
  /\b(LinkedIn|Facebook|Instagram)\b/g,
];

/** The English left in what a reader sees or hears, with where it is. */
export function englishIn(root: Element, ignore?: string): string[] {
  const found: string[] = [];
  const check = (text: string | null, element: Element | null, where: string) => {
    if (!text || !element) return;
    if (ignore && element.closest(ignore)) return;
    const lang = element.closest("[lang]")?.getAttribute("lang") ?? "zh-CN";
    if (!lang.startsWith("zh")) return;
    let rest = text;
    for (const pattern of ALLOWED) rest = rest.replace(pattern, " ");
    if (/[A-Za-z]{2,}/.test(rest)) found.push(`${where}: ${text.trim()}`);
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest("script, style")) continue;
    check(node.textContent, parent, `text in <${parent?.tagName.toLowerCase()}>`);
  }
  for (const element of root.querySelectorAll("*")) {
    for (const name of ["aria-label", "placeholder", "title", "alt", "aria-valuetext"])
      check(element.getAttribute(name), element, `${name} of <${element.tagName.toLowerCase()}>`);
  }
  return found;
}

describe("every translated screen in Simplified Chinese", { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLocale("zh-CN");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => {
    FakeSocket.reset();
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fakeFetch({
          "chat/notifications": () => [],
          "settings/": { bid_window_hours: 72 },
          "seller/shipments/": () => sellerRows,
          "seller/past-orders/": () => flatList([]).data,
        }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(ROUTES.map((route) => [route.name, route] as const))(
    "%s shows no English",
    async (_, route) => {
      setViewport(route.width ?? 1440);
      if (route.api) vi.stubGlobal("fetch", vi.fn(answering(route.api, globalThis.fetch)));
      if (route.signedIn) signIn({ id: 9, first_name: "芳", last_name: "王", groups: "Seller" });
      renderRoute(route.element(), { path: route.path ?? "/", url: route.url });
      await route.ready();
      await route.act?.();
      expect(englishIn(document.body, route.ignore)).toEqual([]);
    },
  );

  it("catches English on a screen (the check itself)", () => {
    const sample = document.createElement("div");
    sample.innerHTML =
      '<p>货件 ONT8 US$1,200.00 FBA Freight a@b.io</p><button aria-label="Open menu">菜单</button>' +
      '<span lang="en">English</span><p>Shipment 已取消</p>';
    expect(englishIn(sample)).toEqual([
      "text in <p>: Shipment 已取消",
      "aria-label of <button>: Open menu",
    ]);
  });
});
