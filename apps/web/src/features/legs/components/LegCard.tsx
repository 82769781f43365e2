import type { ReactNode } from "react";
import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import type { Leg, MilestoneEvent } from "@fba/contract";
import { Field } from "../../../components/Panel";
import { historyEntries, nextMilestones } from "../lib/leg-view";
import { useFormat } from "../../../i18n/use-format";
import { useLegText } from "../i18n";
import { LegHistory } from "./LegHistory";
import { LegTimeline } from "./LegTimeline";
import type { LegFieldSet } from "./EditLegDialog";
import { Rule } from "../../../components/Rule";

export type LegsSide = "seller" | "agent" | "admin";

/** What each side may do on a leg of an order that is not cancelled. */
const ACTIONS: Record<LegsSide, { edit: LegFieldSet[]; record: boolean }> = {
  seller: { edit: ["references"], record: false },
  agent: { edit: ["logistics"], record: true },
  admin: { edit: ["references", "logistics"], record: true },
};

const EDIT_LABELS = {
  references: "card.editReferences",
  logistics: "card.editLogistics",
} as const satisfies Record<LegFieldSet, string>;

/** One destination of an order: its facts, its timeline, what needs attention, its history. */
export function LegCard({
  leg,
  side,
  canChange,
  onEdit,
  onRecord,
  onCorrect,
}: {
  leg: Leg;
  side: LegsSide;
  /** False once the order is cancelled: everything stays readable. */
  canChange: boolean;
  onEdit: (fieldSet: LegFieldSet) => void;
  onRecord: () => void;
  onCorrect: (event: MilestoneEvent) => void;
}) {
  const { t, milestone } = useLegText();
  const format = useFormat();
  const orNA = (value: ReactNode) => value || t("card.notAvailable");
  const actions = ACTIONS[side];
  const headingId = `leg-${leg.id}-heading`;
  // What needs the reader's attention on this leg.
  const attention = [
    ...(leg.late && leg.eta
      ? [{ text: t("attention.late", { date: format.date(leg.eta) }), late: true }]
      : []),
    ...(leg.stale_days !== null
      ? [{ text: t("attention.stale", { count: leg.stale_days }), late: false }]
      : []),
  ];
  const last = historyEntries(leg.events).at(-1)?.event;
  const canRecord = canChange && actions.record && nextMilestones(leg).length > 0;

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", mb: 1.5 }}
      >
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {leg.fc_code}
          {leg.fc_name && (
            <Typography component="span" color="text.secondary">
              {" "}
              · {leg.fc_name}
            </Typography>
          )}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Chip
            size="small"
            variant="outlined"
            color={leg.milestone === "delivered" ? "success" : "primary"}
            label={milestone(leg.milestone, leg.milestone_label)}
          />
          {attention.map(({ text, late }) => (
            <Chip key={text} size="small" color={late ? "error" : "warning"} label={text} />
          ))}
        </Stack>
      </Stack>

      <Box
        sx={{
          mb: 2,
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
        }}
      >
        <Field label={t("card.cartons")}>{leg.cartons}</Field>
        <Field label={t("card.fbaShipmentId")}>{orNA(leg.fba_shipment_id)}</Field>
        <Field label={t("card.amazonReference")}>{orNA(leg.amazon_reference_id)}</Field>
        <Field label={t("card.eta")}>
          {leg.eta ? format.date(leg.eta) : t("card.notAvailable")}
        </Field>
        <Field label={t("card.appointment")}>
          {leg.appointment_at || leg.appointment_id
            ? [leg.appointment_id, leg.appointment_at && format.dateTime(leg.appointment_at)]
                .filter(Boolean)
                .join(" · ")
            : t("card.notAvailable")}
        </Field>
        <Field label={t("card.trackingNumber")}>{orNA(leg.tracking_number)}</Field>
        <Box sx={{ gridColumn: "span 2", minWidth: 0 }}>
          <Field label={t("card.lastEvent")}>
            {last
              ? `${milestone(last.milestone, last.label)} · ${format.dateTime(last.occurred_at)}`
              : t("card.notAvailable")}
          </Field>
        </Box>
        {leg.delivered_fc_code && (
          <Field label={t("card.deliveredTo")}>{leg.delivered_fc_code}</Field>
        )}
      </Box>

      <LegTimeline leg={leg} />

      {canChange && (actions.edit.length > 0 || canRecord) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 2 }}>
          {canRecord && (
            <Button variant="contained" size="small" onClick={onRecord}>
              {t("card.record")}
            </Button>
          )}
          {actions.edit.map((fieldSet) => (
            <Button key={fieldSet} variant="outlined" size="small" onClick={() => onEdit(fieldSet)}>
              {t(EDIT_LABELS[fieldSet])}
            </Button>
          ))}
        </Stack>
      )}

      <Rule sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t("card.history")}
      </Typography>
      <LegHistory
        events={leg.events}
        onCorrect={canChange && actions.record ? onCorrect : undefined}
      />
    </Paper>
  );
}
