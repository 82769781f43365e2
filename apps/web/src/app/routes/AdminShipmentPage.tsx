import { Link as RouterLink, useParams } from "react-router";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { OrderChatLayout } from "../../features/chat/components/OrderChatLayout";
import { LegsPanel } from "../../features/legs/components/LegsPanel";
import { mayHaveLegs } from "../../features/legs/lib/leg-view";
import { useShipment } from "../../entities/shipment/api/get-shipment";
import { AccessDenied, isRefusal } from "../../components/AccessDenied";
import { QueryState } from "../../components/query-state/QueryState";
import { PageHeader } from "../../components/PageHeader";
import {
  ShipmentContactAndRoute,
  ShipmentGoods,
} from "../../entities/shipment/components/ShipmentDetails";
import { StatusChip } from "../../entities/shipment/components/StatusChip";
import { StatusStepper } from "../../entities/shipment/components/StatusStepper";
import { useFormat } from "../../i18n/use-format";
import { useAdminT } from "../../features/admin/i18n";
import { AdminQuotationsPanel } from "../../features/admin/components/AdminQuotationsPanel";
import type { Shipment } from "../../entities/shipment/api/types";
import { isAwardedOrder } from "../../entities/shipment/lib/order";
import { OrderDeliveryBanners, OrderDocuments } from "./OrderDocuments";
import { ChargeChangeCard } from "../../features/charge-changes/components/ChargeChangeCard";
import { useOrderChatOpen } from "../../features/charge-changes/api/charge-change";
import { OrderPdfButtons } from "../../features/order-pdfs/components/OrderPdfButtons";
import { paths } from "../paths";

/** /admin/shipments/{id}: the shipment, its bids with the winner actions, and its chat. */
export default function AdminShipmentPage() {
  const { t } = useAdminT();
  const id = Number(useParams().id);
  const query = useShipment(id);
  return (
    <QueryState
      query={query}
      what={t("shipment.what")}
      renderError={(error) =>
        isRefusal(error) ? (
          <AccessDenied
            error={error}
            backTo={paths.admin.dashboard}
            backLabel={t("shipment.goToDashboard")}
          />
        ) : undefined
      }
    >
      {(shipment) => <AdminShipment shipment={shipment} />}
    </QueryState>
  );
}

function AdminShipment({ shipment }: { shipment: Shipment }) {
  const { t } = useAdminT();
  const format = useFormat();
  const chatOpen = useOrderChatOpen(shipment);
  const seller = `${shipment.user.first_name} ${shipment.user.last_name}`;

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("shipment.title", { id: shipment.id })}
        actions={
          <Button component={RouterLink} to={paths.admin.dashboard} startIcon={<ArrowBack />}>
            {t("shipment.all")}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
        >
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {shipment.product_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(shipment.is_bidding_open ? "shipment.sellerLine" : "shipment.sellerLineClosed", {
                seller,
                email: shipment.user.email,
                date: format.dateTime(shipment.bidding_ends_at),
              })}
            </Typography>
          </Box>
          <StatusChip shipment={shipment} side="admin" />
        </Stack>
      </Paper>
      <OrderDeliveryBanners shipment={shipment} side="admin" />
      {isAwardedOrder(shipment) && <ChargeChangeCard shipmentId={shipment.id} side="admin" />}
      {/* Full width: the bid amounts and the winner actions need the room. */}
      <AdminQuotationsPanel shipment={shipment} />
      <OrderChatLayout
        main={
          <Stack spacing={2}>
            <StatusStepper status={shipment.status} view="default" side="admin" />
            {mayHaveLegs(shipment.status) && (
              <LegsPanel
                shipmentId={shipment.id}
                side="admin"
                canChange={shipment.status !== "Shipment Cancelled"}
              />
            )}
            <ShipmentContactAndRoute shipment={shipment} showSellerPhone showOrderInfo />
          </Stack>
        }
        wide={
          <Stack spacing={2}>
            <ShipmentGoods shipment={shipment} />
            <OrderDocuments shipment={shipment} side="admin" />
            <OrderPdfButtons shipment={shipment} />
          </Stack>
        }
        chat={{
          kind: "shipment",
          id: shipment.id,
          side: "admin",
          canSend: chatOpen,
        }}
      />
    </Stack>
  );
}
