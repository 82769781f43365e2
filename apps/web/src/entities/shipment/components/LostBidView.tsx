import { Alert, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../../components/PageHeader";
import { Panel } from "../../../components/Panel";
import { hasQuotation, type Shipment } from "../api/types";
import { QuotationAmounts } from "./QuotationAmounts";
import { QuotationDetailsView } from "./QuotationDetailsView";
import { ReconfirmPrompt } from "./ReconfirmPrompt";
import { ShipmentGoods } from "./ShipmentDetails";
import { useEntitiesT } from "../../../i18n/entities";

export const LOST_BID_TEXT =
  "Your quotation did not win the bidding. This is the shipment as you bid on it, with your own quotation; the order went to another agent.";

/**
 * What an agent whose bid did not win sees of the shipment: read-only, the goods they bid on and
 * their own quotation. The server leaves out the order's outcome and the seller's contacts.
 */
export function LostBidView({ shipment, back }: { shipment: Shipment; back: string }) {
  const { t } = useEntitiesT();
  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("lostBid.title", { id: shipment.id })}
        actions={
          <Button component={RouterLink} to={back} variant="outlined">
            {t("lostBid.back")}
          </Button>
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
          <Chip size="small" variant="outlined" label={t("lostBid.chip")} />
        </Stack>
      </Paper>
      <Alert severity="info">{t("lostBid.text", { defaultValue: LOST_BID_TEXT })}</Alert>
      {hasQuotation(shipment.quotation) && <ReconfirmPrompt quotation={shipment.quotation} />}
      {hasQuotation(shipment.quotation) && (
        <Panel title={t("lostBid.yourQuotation")}>
          <Stack spacing={2}>
            <QuotationAmounts quotation={shipment.quotation} />
            {shipment.quotation.details && (
              <QuotationDetailsView
                details={shipment.quotation.details}
                isExpired={shipment.quotation.is_expired}
              />
            )}
          </Stack>
        </Panel>
      )}
      <ShipmentGoods shipment={shipment} />
    </Stack>
  );
}
