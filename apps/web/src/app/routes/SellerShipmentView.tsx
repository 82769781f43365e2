import { lazy, Suspense, useDeferredValue } from "react";
import { Paper, Stack, Typography } from "@mui/material";
import { mayHaveLegs } from "../../features/legs/lib/leg-view";
import { BidCountdown } from "../../entities/shipment/components/BidCountdown";
import { useShipment } from "../../entities/shipment/api/get-shipment";
import { useQuotations } from "../../entities/shipment/api/quotations";
import { hasQuotation, type Shipment } from "../../entities/shipment/api/types";
import { isAwardedOrder, showsComparison } from "../../entities/shipment/lib/order";
import { stepperViewFromSrc } from "../../entities/shipment/lib/status-steps";
import { AccessDenied, isRefusal } from "../../components/AccessDenied";
import { Loading } from "../../components/Loading";
import { QueryState } from "../../components/query-state/QueryState";
import { PageHeader } from "../../components/PageHeader";
import {
  BidsPanel,
  EstimatePanel,
  NoBidsPanel,
} from "../../features/shipments/components/SellerDecisionPanels";
import { Panel } from "../../components/Panel";
import {
  NextStep,
  OrderSectionAnchor,
  OrderSectionNav,
} from "../../entities/shipment/components/OrderSectionNav";
import {
  ShipmentContactAndRoute,
  ShipmentGoods,
} from "../../entities/shipment/components/ShipmentDetails";
import { StatusChip } from "../../entities/shipment/components/StatusChip";
import { StatusStepper } from "../../entities/shipment/components/StatusStepper";
import { useOrderChatOpen } from "../../features/charge-changes/api/charge-change";
import { paths } from "../paths";
import { Trans } from "react-i18next";
import { useShipmentsT } from "../../entities/shipment/i18n";

const BIDDING_STATUSES = new Set(["Shipment Pending", "Quotation Received"]);

/**
 * The panels of a shipment past bidding (the bid comparison, and an order's chat layout, charge
 * changes, destinations, documents, PDFs and rating) come in a chunk of their own: a shipment
 * still in bidding, as most are, never downloads them. For one past bidding the summary shows as
 * soon as the shipment is in, and under it a spinner until the panels are in (one Suspense
 * boundary, so nothing under the summary moves once it shows); an order's page asks for them as
 * it loads (SellerOrderChatPage), alongside the shipment's first reads.
 */
export const loadOrderPanels = () => import("./seller-order-panels");
const ChargeChangeCard = lazy(() =>
  loadOrderPanels().then((m) => ({ default: m.ChargeChangeCard })),
);
const ComparisonPanel = lazy(() => loadOrderPanels().then((m) => ({ default: m.ComparisonPanel })));
const LegsPanel = lazy(() => loadOrderPanels().then((m) => ({ default: m.LegsPanel })));
const OrderDeliveryBanners = lazy(() =>
  loadOrderPanels().then((m) => ({ default: m.OrderDeliveryBanners })),
);
const OrderChatLayout = lazy(() => loadOrderPanels().then((m) => ({ default: m.OrderChatLayout })));
const OrderDocuments = lazy(() => loadOrderPanels().then((m) => ({ default: m.OrderDocuments })));
const OrderPdfButtons = lazy(() => loadOrderPanels().then((m) => ({ default: m.OrderPdfButtons })));
const RatingPanel = lazy(() => loadOrderPanels().then((m) => ({ default: m.RatingPanel })));

/** Whether the page shows any of the panels above. */
const showsOrderPanels = (shipment: Shipment) =>
  isAwardedOrder(shipment) || showsComparison(shipment);

/**
 * The seller's shipment page: detail, bids, estimate decisions and chat. The chat shows while the
 * order is accepted (the only status it is open in) and stays, read-only, once the order is
 * completed or cancelled; `withChat` is the detail plus chat route.
 */
export function SellerShipmentView({
  id,
  src,
  withChat,
}: {
  id: number;
  src: string | null;
  withChat: boolean;
}) {
  const query = useShipment(id);
  // Fetched alongside the shipment, and awaited with it, so the bids panel does not grow after
  // the page first shows and push everything below it down.
  const bids = useQuotations(id);
  const isLoadingBids = bids.isPending && bids.fetchStatus === "fetching";
  // The page is hundreds of elements: when its data arrives, React renders it in the background,
  // in slices the browser can interleave with input and paint (an answer's update would otherwise
  // render in one long task), and the spinner stays up meanwhile.
  const shown = useDeferredValue(isLoadingBids ? undefined : query.data);
  // Their chunk is asked for as soon as the answer says they show, while the page renders.
  if (query.data && (withChat || showsOrderPanels(query.data))) void loadOrderPanels();
  const { t } = useShipmentsT();

  return (
    <QueryState
      query={query}
      what="this shipment"
      renderError={(error) =>
        isRefusal(error) ? (
          <AccessDenied error={error} backTo={paths.seller.active} backLabel={t("page.back")} />
        ) : undefined
      }
    >
      {() =>
        shown === undefined ? (
          <Loading />
        ) : (
          <Suspense fallback={<Loading />}>
            <SellerShipment
              shipment={shown}
              src={src}
              withChat={withChat}
              onExpire={() => void query.refetch()}
            />
          </Suspense>
        )
      }
    </QueryState>
  );
}

function SellerShipment({
  shipment,
  src,
  withChat,
  onExpire,
}: {
  shipment: Shipment;
  src: string | null;
  withChat: boolean;
  onExpire: () => void;
}) {
  const isBidding = BIDDING_STATUSES.has(shipment.status);
  const cancelReason =
    shipment.cancel_reason ??
    (hasQuotation(shipment.quotation) ? shipment.quotation.cancel_reason : null);
  // The seller phone shows on the order status, past order and phone views only.
  const showSellerPhone = !withChat;
  const isChatOpen = useOrderChatOpen(shipment);
  const { t } = useShipmentsT();
  const orderInfo = (
    <ShipmentContactAndRoute
      shipment={shipment}
      showSellerPhone={showSellerPhone}
      showOrderInfo={
        shipment.status === "Quotation Accepted" || shipment.status === "Shipment Completed"
      }
    />
  );

  // The summary (what the shipment is, its state, the next action and what is missing) needs only
  // the shipment: it shows at once, above the panels whose code may still be on its way.
  const summary = (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {shipment.product_name}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <StatusChip shipment={shipment} side="seller" />
          {isBidding && shipment.is_bidding_open && (
            <Typography variant="body2" component="span">
              <Trans
                t={t}
                i18nKey="page.biddingEndsIn"
                components={{
                  countdown: <BidCountdown endsAt={shipment.bidding_ends_at} onExpire={onExpire} />,
                }}
              />
            </Typography>
          )}
        </Stack>
      </Stack>
      <NextStep shipment={shipment} side="seller" />
    </Paper>
  );

  const main = (
    <Stack spacing={2}>
      {isAwardedOrder(shipment) && <OrderDeliveryBanners shipment={shipment} side="seller" />}
      <OrderSectionAnchor id="order-charges">
        <Stack spacing={2}>
          {isAwardedOrder(shipment) && <ChargeChangeCard shipmentId={shipment.id} side="seller" />}
          <EstimatePanel shipment={shipment} />
        </Stack>
      </OrderSectionAnchor>
      {showsComparison(shipment) && <ComparisonPanel shipment={shipment} />}
      {shipment.status === "Shipment Completed" && hasQuotation(shipment.quotation) && (
        <RatingPanel shipmentId={shipment.id} side="seller" />
      )}
      <NoBidsPanel shipment={shipment} />
      {isBidding && <BidsPanel shipment={shipment} />}
      {shipment.status === "Shipment Cancelled" && (
        <Panel title={t("page.cancellation")}>
          <Typography variant="body2">
            {t("page.reason", {
              reason: cancelReason?.trim() ? cancelReason : t("details.notAvailable"),
            })}
          </Typography>
        </Panel>
      )}
      <StatusStepper status={shipment.status} view={stepperViewFromSrc(src)} side="seller" />
      {isAwardedOrder(shipment) && mayHaveLegs(shipment.status) && (
        <OrderSectionAnchor id="order-destinations">
          <LegsPanel
            shipmentId={shipment.id}
            side="seller"
            canChange={shipment.status !== "Shipment Cancelled"}
          />
        </OrderSectionAnchor>
      )}
      <OrderSectionAnchor id="order-details">{orderInfo}</OrderSectionAnchor>
    </Stack>
  );

  return (
    <>
      <PageHeader title={t("page.title", { id: shipment.id })} />
      {withChat || isAwardedOrder(shipment) ? (
        <Stack spacing={2}>
          <OrderSectionNav
            sections={[
              { id: "order-details", label: t("page.sections.details") },
              ...(isAwardedOrder(shipment) && mayHaveLegs(shipment.status)
                ? [{ id: "order-destinations", label: t("page.sections.destinations") }]
                : []),
              { id: "order-documents", label: t("page.sections.documents") },
              { id: "order-charges", label: t("page.sections.charges") },
              { id: "chat", label: t("page.sections.chat") },
            ]}
          />
          {summary}
          <Suspense fallback={<Loading />}>
            <OrderChatLayout
              main={main}
              wide={
                <Stack spacing={2}>
                  <ShipmentGoods shipment={shipment} />
                  <OrderSectionAnchor id="order-documents">
                    <Stack spacing={2}>
                      <OrderDocuments shipment={shipment} side="seller" />
                      <OrderPdfButtons shipment={shipment} />
                    </Stack>
                  </OrderSectionAnchor>
                </Stack>
              }
              chat={{ kind: "shipment", id: shipment.id, side: "seller", canSend: isChatOpen }}
            />
          </Suspense>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {summary}
          <Suspense fallback={<Loading />}>{main}</Suspense>
          <ShipmentGoods shipment={shipment} />
        </Stack>
      )}
    </>
  );
}
