import { useState } from "react";
import { Alert, Button, Paper, Stack, Typography } from "@mui/material";
import { useLocation, useParams, useSearchParams } from "react-router";
import { OrderChatLayout } from "../../features/chat/components/OrderChatLayout";
import { LegsPanel } from "../../features/legs/components/LegsPanel";
import { mayHaveLegs } from "../../features/legs/lib/leg-view";
import { useUndeliveredDestinations } from "../../features/legs/api/get-legs";
import { SampleChat } from "./SampleChat";
import { SampleShipmentDetails } from "../../features/samples/components/SampleShipmentDetails";
import { useShipment } from "../../entities/shipment/api/get-shipment";
import { useShipmentsT } from "../../entities/shipment/i18n";
import { AccessDenied, isRefusal } from "../../components/AccessDenied";
import { AddInfoDialog, infoActionLabel } from "../../features/shipments/components/AddInfoDialog";
import { QueryState } from "../../components/query-state/QueryState";
import { PageHeader } from "../../components/PageHeader";
import {
  ShipmentContactAndRoute,
  ShipmentGoods,
} from "../../entities/shipment/components/ShipmentDetails";
import { ShipperStatusSelector } from "../../features/shipments/components/ShipperStatusSelector";
import { LostBidView } from "../../entities/shipment/components/LostBidView";
import { StatusChip } from "../../entities/shipment/components/StatusChip";
import { StatusStepper } from "../../entities/shipment/components/StatusStepper";
import { hasQuotation, type Shipment } from "../../entities/shipment/api/types";
import { QuotationAmounts } from "../../entities/shipment/components/QuotationAmounts";
import { QuotationDetailsView } from "../../entities/shipment/components/QuotationDetailsView";
import { ReconfirmPrompt } from "../../entities/shipment/components/ReconfirmPrompt";
import { isAwardedOrder } from "../../entities/shipment/lib/order";
import { OrderDeliveryBanners, OrderDocuments } from "./OrderDocuments";
import { ChargeChangeCard } from "../../features/charge-changes/components/ChargeChangeCard";
import { useOrderChatOpen } from "../../features/charge-changes/api/charge-change";
import { useDocuments } from "../../features/documents/api/documents";
import { OrderPdfButtons } from "../../features/order-pdfs/components/OrderPdfButtons";
import { RatingPanel } from "../../features/ratings/components/RatingPanel";
import {
  NextStep,
  OrderSectionAnchor,
  OrderSectionNav,
} from "../../entities/shipment/components/OrderSectionNav";
import { paths } from "../paths";
import { useEntitiesTranslate } from "../../i18n/entities";
import { documentTypeLabel } from "../../i18n/document-types";

function backTo(pathname: string): string {
  if (pathname.includes("/pastorders/")) return paths.shipper.completed;
  if (pathname.includes("/shipmenthistories/")) return paths.shipper.history;
  return paths.shipper.current;
}

function WinningBid({ shipment }: { shipment: Shipment }) {
  const { t } = useShipmentsT();
  if (!hasQuotation(shipment.quotation)) return null;
  const q = shipment.quotation;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t("agentStatus.yourQuotation")}
      </Typography>
      <Stack spacing={2}>
        <ReconfirmPrompt quotation={q} />
        <QuotationAmounts quotation={q} />
        {q.details && <QuotationDetailsView details={q.details} isExpired={q.is_expired} />}
      </Stack>
    </Paper>
  );
}

function ShipmentOrder({
  id,
  fromAcceptedList,
  back,
}: {
  id: number;
  fromAcceptedList: boolean;
  back: string;
}) {
  const { t } = useShipmentsT();
  const query = useShipment(id);
  return (
    <QueryState
      query={query}
      what="this shipment"
      renderError={(error) =>
        isRefusal(error) ? (
          <AccessDenied error={error} backTo={back} backLabel={t("page.backAll")} />
        ) : undefined
      }
    >
      {(shipment) =>
        shipment.outcome === "lost" ? (
          <LostBidView shipment={shipment} back={back} />
        ) : (
          <WonOrder shipment={shipment} fromAcceptedList={fromAcceptedList} />
        )
      }
    </QueryState>
  );
}

/** The order the agent won: awaiting the seller, accepted (with chat), or ended (read-only). */
function WonOrder({
  shipment,
  fromAcceptedList,
}: {
  shipment: Shipment;
  fromAcceptedList: boolean;
}) {
  const { t } = useShipmentsT();
  const [infoOpen, setInfoOpen] = useState(false);
  const isAccepted = shipment.status === "Quotation Accepted";
  const chatOpen = useOrderChatOpen(shipment);
  const undelivered = useUndeliveredDestinations(shipment.id, isAccepted);
  const isAwaitingSeller = shipment.status === "Quotation Approved";

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("page.title", { id: shipment.id })}
        actions={
          isAccepted ? (
            <Button variant="outlined" onClick={() => setInfoOpen(true)}>
              {infoActionLabel(shipment) === "Edit info"
                ? t("agentStatus.editInfo")
                : t("agentStatus.addInfo")}
            </Button>
          ) : undefined
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: "center", justifyContent: "space-between" }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {shipment.product_name}
          </Typography>
          <StatusChip shipment={shipment} side="shipper" />
        </Stack>
        <NextStep shipment={shipment} side="agent" />
      </Paper>
      <OrderSectionNav
        sections={[
          { id: "order-details", label: t("page.sections.details") },
          ...(mayHaveLegs(shipment.status)
            ? [{ id: "order-destinations", label: t("page.sections.destinations") }]
            : []),
          { id: "order-documents", label: t("page.sections.documents") },
          { id: "order-charges", label: t("page.sections.charges") },
          { id: "chat", label: t("page.sections.chat") },
        ]}
      />
      {isAwaitingSeller && (
        <Alert severity="info">
          <strong>{t("agentStatus.awaitingTitle")}.</strong> {t("agentStatus.awaitingText")}
        </Alert>
      )}
      <OrderDeliveryBanners shipment={shipment} side="agent" />

      <OrderChatLayout
        main={
          <Stack spacing={2}>
            <StatusStepper
              status={shipment.status}
              view={fromAcceptedList ? "accepted" : "default"}
              side="shipper"
            />
            <ShipperStatusSelector
              shipment={shipment}
              fromAcceptedList={fromAcceptedList}
              onNeedInfo={() => setInfoOpen(true)}
              undelivered={undelivered}
            />
            {mayHaveLegs(shipment.status) && (
              <OrderSectionAnchor id="order-destinations">
                <LegsPanel
                  shipmentId={shipment.id}
                  side="agent"
                  canChange={shipment.status !== "Shipment Cancelled"}
                />
              </OrderSectionAnchor>
            )}
            {shipment.status === "Shipment Completed" && (
              <RatingPanel shipmentId={shipment.id} side="agent" />
            )}
            <OrderSectionAnchor id="order-charges">
              <Stack spacing={2}>
                {isAwardedOrder(shipment) && (
                  <ChargeChangeCard shipmentId={shipment.id} side="agent" />
                )}
                <WinningBid shipment={shipment} />
              </Stack>
            </OrderSectionAnchor>
            <OrderSectionAnchor id="order-details">
              <ShipmentContactAndRoute shipment={shipment} showSellerPhone showOrderInfo />
            </OrderSectionAnchor>
          </Stack>
        }
        wide={
          <Stack spacing={2}>
            <ShipmentGoods shipment={shipment} />
            <OrderSectionAnchor id="order-documents">
              <Stack spacing={2}>
                <OrderDocuments shipment={shipment} side="agent" />
                <OrderPdfButtons shipment={shipment} />
              </Stack>
            </OrderSectionAnchor>
          </Stack>
        }
        chat={{ kind: "shipment", id: shipment.id, side: "shipper", canSend: chatOpen }}
      />
      {infoOpen && <InfoDialog shipment={shipment} onClose={() => setInfoOpen(false)} />}
    </Stack>
  );
}

/** Add info with the order's documents offered as evidence for a final amount above the bid. */
function InfoDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const documents = useDocuments(shipment.id);
  const entitiesT = useEntitiesTranslate();
  const evidence = (documents.data ?? []).map((doc) => ({
    id: doc.id,
    label: `${documentTypeLabel(entitiesT, doc.type)} v${doc.version}: ${doc.file_name}`,
  }));
  return <AddInfoDialog shipment={shipment} open onClose={onClose} evidence={evidence} />;
}

/** An agent's won order (or a sample shipment when opened from the sample list). */
export default function ShipperOrderPage() {
  const id = Number(useParams().id);
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const src = searchParams.get("src");
  const back = backTo(pathname);

  if (src === "sampleShipments") {
    return (
      <SampleChat
        id={id}
        side="shipper"
        details={<SampleShipmentDetails sampleId={id} side="shipper" />}
      />
    );
  }
  const fromAcceptedList =
    src === "accepted" &&
    !pathname.includes("/pastorders/") &&
    !pathname.includes("/shipmenthistories/");
  return <ShipmentOrder key={id} id={id} fromAcceptedList={fromAcceptedList} back={back} />;
}
