import { useRef, type RefObject } from "react";
import {
  Box,
  Button,
  CircularProgress,
  Fab,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useTheme } from "@mui/material/styles";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import GavelIcon from "@mui/icons-material/Gavel";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { useShipment } from "../../../entities/shipment/api/get-shipment";
import { AccessDenied, isRefusal } from "../../../components/AccessDenied";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";
import { PageHeader } from "../../../components/PageHeader";
import {
  NextStep,
  OrderSectionAnchor,
  OrderSectionNav,
  SECTION_SCROLL_MARGIN,
} from "../../../entities/shipment/components/OrderSectionNav";
import { ShipmentDetails } from "../../../entities/shipment/components/ShipmentDetails";
import { StatusChip } from "../../../entities/shipment/components/StatusChip";
import { StatusStepper } from "../../../entities/shipment/components/StatusStepper";
import { BidCountdown } from "../../../entities/shipment/components/BidCountdown";
import { LostBidView } from "../../../entities/shipment/components/LostBidView";
import { QuotationForm } from "../components/QuotationForm";
import { useNow } from "../../../entities/shipment/components/use-now";
import { hasQuotation } from "../../../entities/shipment/api/types";
import { prefersReducedMotion, useIsOnScreen } from "../../../lib/use-is-on-screen";
import { paths, shipperOrderPath } from "../../../app/paths";
import { Trans } from "react-i18next";
import { useBiddingT } from "../i18n";

const OPEN_STATUSES = new Set(["Shipment Pending", "Quotation Received"]);

/**
 * Where the details come first and the form last (phones, tablets), a "Place bid" button stays
 * at the bottom of the screen until the form is in view; it brings the form up and puts the
 * cursor in its first field.
 */
function PlaceBidButton({ formRef }: { formRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useBiddingT();
  const isFormOnScreen = useIsOnScreen(formRef);
  if (isFormOnScreen) return null;
  return (
    <Fab
      variant="extended"
      color="primary"
      onClick={() => {
        const form = formRef.current;
        if (!form) return;
        form.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth" });
        form
          .querySelector<HTMLInputElement>("input:not([disabled])")
          ?.focus({ preventScroll: true });
      }}
      sx={{
        position: "fixed",
        left: "50%",
        transform: "translateX(-50%)",
        bottom: "calc(16px + env(safe-area-inset-bottom, 0px))",
        zIndex: (theme) => theme.zIndex.speedDial,
        gap: 1,
      }}
    >
      <GavelIcon />
      {t("page.placeBid")}
    </Fab>
  );
}

/** The agent views a shipment and submits a sealed quotation. */
export default function BidPage() {
  const { t } = useBiddingT();
  const id = Number(useParams().id);
  const [searchParams] = useSearchParams();
  const isPhoneView = searchParams.get("src") === "phone";
  const query = useShipment(id);
  const now = useNow();
  const { view } = useQueryView(query);
  const theme = useTheme();
  const isStacked = useMediaQuery(theme.breakpoints.down("lg"));
  const formRef = useRef<HTMLDivElement>(null);

  if (
    view === "offline" ||
    view === "unreachable" ||
    (view === "error" && !isRefusal(query.error))
  ) {
    return <QueryProblem problem={view} what={t("page.what")} query={query} />;
  }
  if (query.isPending) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 8 }}>
        <CircularProgress aria-label={t("page.loading")} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <AccessDenied
        error={query.error}
        backTo={paths.shipper.current}
        backLabel={t("page.backToAll")}
      />
    );
  }
  const shipment = query.data;
  if (shipment.outcome === "lost") {
    return <LostBidView shipment={shipment} back={paths.shipper.history} />;
  }
  const isOpen = OPEN_STATUSES.has(shipment.status) && Date.parse(shipment.bidding_ends_at) > now;
  const canBid = isOpen && !hasQuotation(shipment.quotation);

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("page.title", { id: shipment.id })}
        actions={
          isPhoneView && shipment.status === "Quotation Accepted" ? (
            <Button
              variant="contained"
              startIcon={<ChatIcon />}
              component={RouterLink}
              to={shipperOrderPath(shipment.id)}
            >
              {t("page.chat")}
            </Button>
          ) : undefined
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {shipment.product_name}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <StatusChip shipment={shipment} side="shipper" />
            {OPEN_STATUSES.has(shipment.status) && (
              <Typography variant="body2" component="span">
                <Trans
                  t={t}
                  i18nKey="page.endsIn"
                  components={{
                    countdown: (
                      <BidCountdown
                        endsAt={shipment.bidding_ends_at}
                        onExpire={() => void query.refetch()}
                      />
                    ),
                  }}
                />
              </Typography>
            )}
          </Stack>
        </Stack>
        <NextStep shipment={shipment} side="agent" />
      </Paper>
      {isStacked && (
        <OrderSectionNav
          sections={[
            { id: "quote-form", label: t("page.sections.quoteForm") },
            { id: "order-details", label: t("page.sections.details") },
          ]}
        />
      )}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" },
          alignItems: "start",
        }}
      >
        <OrderSectionAnchor id="order-details">
          <ShipmentDetails
            shipment={shipment}
            showSellerPhone={isPhoneView}
            showOrderInfo={!isOpen}
          />
        </OrderSectionAnchor>
        {/* The bid, with its details, is taller than a screen: it scrolls with the page. */}
        <Stack spacing={2}>
          <StatusStepper
            status={shipment.status}
            view={isPhoneView ? "accepted" : "default"}
            side="shipper"
            compact
          />
          <Box ref={formRef} id="quote-form" sx={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}>
            <QuotationForm shipment={shipment} isOpen={isOpen} />
          </Box>
        </Stack>
      </Box>
      {isStacked && canBid && <PlaceBidButton formRef={formRef} />}
    </Stack>
  );
}
