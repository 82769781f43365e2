import type { ReactNode } from "react";
import {
  Alert,
  Avatar,
  Box,
  Chip,
  Divider,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import { ApiError } from "../../../lib/api-client";
import { isRefusal } from "../../../components/AccessDenied";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";
import { useSampleShipment } from "../api/get-sample-shipment";
import { mediaUrl } from "../../../lib/media-url";
import { fullName } from "../../../lib/names";
import type { SampleShipment } from "@fba/contract";
import { canActOnSample, isHandledByAnother, type SampleSide } from "../lib/claim";
import { MarkSampleCompleteButton } from "./MarkSampleCompleteButton";
import { SampleShipmentStepper } from "./SampleShipmentStepper";
import { SampleStatusChip, useHandlerName } from "./SampleStatusChip";
import { useSamplesT } from "../i18n";
import { useLocalDay } from "../../../i18n/local-day";

export interface SampleShipmentDetailsProps {
  sampleId: number;
  /** Agents and admins may mark a pending sample complete; sellers only read. */
  side: SampleSide;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The details of one sample shipment, for embedding beside its chat on the order pages. */
export function SampleShipmentDetails({ sampleId, side }: SampleShipmentDetailsProps) {
  const { t } = useSamplesT();
  const query = useSampleShipment(sampleId);
  const { data: sample, error, isPending } = query;
  const { view } = useQueryView(query);

  if (view === "offline" || view === "unreachable" || (view === "error" && !isRefusal(error))) {
    return <QueryProblem problem={view} what={t("details.what")} query={query} />;
  }
  if (isPending) {
    return (
      <Paper sx={{ p: 3 }}>
        <Skeleton width="40%" height={32} />
        <Skeleton height={72} />
        <Skeleton height={120} />
      </Paper>
    );
  }
  if (error || !sample) {
    const message =
      error instanceof ApiError
        ? (error.errors[0]?.message ?? error.message)
        : t("details.notLoaded");
    return <Alert severity="error">{message}</Alert>;
  }
  return <SampleShipmentSummary sample={sample} side={side} />;
}

/** The same view for a sample the caller already has. */
export function SampleShipmentSummary({
  sample,
  side,
}: {
  sample: SampleShipment;
  side: SampleShipmentDetailsProps["side"];
}) {
  const { t } = useSamplesT();
  const localDay = useLocalDay();
  const handler = useHandlerName()(sample);
  const isClaimedByAnother = isHandledByAnother(sample, side);
  const canComplete = canActOnSample(sample, side);
  const claim = handler ? t("details.handledBy", { name: handler }) : null;
  const day = localDay(sample.created_at);
  // Samples go to the address the seller typed, whoever reads it.
  const deliveryAddress = sample.delivery_address ?? sample.address;
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={t("details.region")}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}
      >
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "center", flexWrap: "wrap" }}
        >
          <Typography variant="h6" component="h2">
            {t("details.title", { id: sample.id })}
          </Typography>
          <SampleStatusChip status={sample.status} />
          {claim && (
            <Chip
              size="small"
              variant="outlined"
              color={isClaimedByAnother ? "default" : "primary"}
              label={claim}
            />
          )}
        </Stack>
        {canComplete && <MarkSampleCompleteButton sampleId={sample.id} />}
      </Stack>
      <SampleShipmentStepper status={sample.status} />
      <Divider sx={{ my: 2 }} />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
        }}
      >
        <Field label={t("details.productName")}>{sample.product_name}</Field>
        <Field label={t("details.quantity")}>{sample.quantity}</Field>
        <Field label={t("details.date")}>{day}</Field>
        <Field
          label={
            side === "seller" ? t("details.deliveryAddress") : t("details.sampleDeliveryAddress")
          }
        >
          {deliveryAddress}
        </Field>
        {sample.samples_desk_address && (
          <Field label={t("details.desk")}>{sample.samples_desk_address}</Field>
        )}
        {side !== "seller" && (
          <Field label={t("details.seller")}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Avatar
                src={mediaUrl(sample.seller.image)}
                alt=""
                sx={{ width: 28, height: 28, fontSize: 14 }}
              >
                {sample.seller.first_name.charAt(0)}
              </Avatar>
              <span>
                {t("details.sellerId", { name: fullName(sample.seller), id: sample.seller.id })}
              </span>
            </Stack>
          </Field>
        )}
      </Box>
    </Paper>
  );
}
