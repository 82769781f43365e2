import type { ReactNode } from "react";
import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import type { Leg, MilestoneEvent } from "@fba/contract";
import { Field } from "../../../components/Panel";
import { formatDate } from "../../../lib/format";
import { attentionTexts, formatEventTime, historyEntries, nextMilestones } from "../lib/leg-view";
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

const EDIT_LABELS: Record<LegFieldSet, string> = {
  references: "Edit FBA shipment ID",
  logistics: "Set ETA & tracking",
};

const orNA = (value: ReactNode) => value || "N/A";

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
  const actions = ACTIONS[side];
  const headingId = `leg-${leg.id}-heading`;
  const attention = attentionTexts(leg);
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
            label={leg.milestone_label}
          />
          {attention.map((text) => (
            <Chip
              key={text}
              size="small"
              color={text.startsWith("Late") ? "error" : "warning"}
              label={text}
            />
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
        <Field label="Cartons">{leg.cartons}</Field>
        <Field label="FBA shipment ID">{orNA(leg.fba_shipment_id)}</Field>
        <Field label="Amazon reference">{orNA(leg.amazon_reference_id)}</Field>
        <Field label="ETA">{formatDate(leg.eta)}</Field>
        <Field label="Appointment">
          {leg.appointment_at || leg.appointment_id
            ? [leg.appointment_id, leg.appointment_at && formatEventTime(leg.appointment_at)]
                .filter(Boolean)
                .join(" · ")
            : "N/A"}
        </Field>
        <Field label="Tracking number">{orNA(leg.tracking_number)}</Field>
        <Box sx={{ gridColumn: "span 2", minWidth: 0 }}>
          <Field label="Last event">
            {last ? `${last.label} · ${formatEventTime(last.occurred_at)}` : "N/A"}
          </Field>
        </Box>
        {leg.delivered_fc_code && <Field label="Delivered to">{leg.delivered_fc_code}</Field>}
      </Box>

      <LegTimeline leg={leg} />

      {canChange && (actions.edit.length > 0 || canRecord) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 2 }}>
          {canRecord && (
            <Button variant="contained" size="small" onClick={onRecord}>
              Record milestone
            </Button>
          )}
          {actions.edit.map((fieldSet) => (
            <Button key={fieldSet} variant="outlined" size="small" onClick={() => onEdit(fieldSet)}>
              {EDIT_LABELS[fieldSet]}
            </Button>
          ))}
        </Stack>
      )}

      <Rule sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        History
      </Typography>
      <LegHistory
        events={leg.events}
        onCorrect={canChange && actions.record ? onCorrect : undefined}
      />
    </Paper>
  );
}
