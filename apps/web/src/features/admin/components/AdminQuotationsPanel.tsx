import { useState } from "react";
import type { TFunction } from "i18next";
import { Box, Button, Chip, Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import EmojiEventsOutlined from "@mui/icons-material/EmojiEventsOutlined";
import type { Quotation } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { notify, toastApiError } from "../../../lib/toast";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useQuotations } from "../../../entities/shipment/api/quotations";
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { Panel } from "../../../components/Panel";
import { boughtService, serviceTotalOf } from "../../../entities/shipment/lib/quotation";
import { useFormat } from "../../../i18n/use-format";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAdminT } from "../i18n";
import { agentProfilePath } from "../../../app/paths";
import { useSetWinningQuotation } from "../api/set-winning-quotation";

/** An admin may approve a bid while bidding is open, or swap the winner before the seller decides. */
export function canPickWinner(shipment: Pick<Shipment, "status">): boolean {
  return shipment.status === "Quotation Received" || shipment.status === "Quotation Approved";
}

/** The bid's total; once accepted, also the service bought and what it comes to. */
function Total({ quotation }: { quotation: Quotation }) {
  const { t } = useAdminT();
  const format = useFormat();
  const service = boughtService(quotation);
  return (
    <>
      <strong>{format.money(quotation.total_amount)}</strong>
      {service && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {t("bids.bought", {
            service: t(`bids.services.${service}`),
            amount: format.money(serviceTotalOf(quotation, service)),
          })}
        </Typography>
      )}
    </>
  );
}

function outcome(quotation: Quotation, winnerId: number | null, t: TFunction<"admin">) {
  if (quotation.id === winnerId || quotation.is_winner) {
    return (
      <Chip size="small" color="success" label={t("bids.winner")} icon={<EmojiEventsOutlined />} />
    );
  }
  if (quotation.cancel_reason) {
    return <Chip size="small" color="error" variant="outlined" label={t("bids.cancelled")} />;
  }
  return null;
}

/** Every bid on a shipment, with the admin's approve / pick-winner action. */
export function AdminQuotationsPanel({ shipment }: { shipment: Shipment }) {
  const { t } = useAdminT();
  const format = useFormat();
  const serverMessage = useServerMessage();
  const query = useQuotations(shipment.id);
  const setWinner = useSetWinningQuotation(shipment.id);
  const [chosen, setChosen] = useState<Quotation | null>(null);
  const winnerId = hasQuotation(shipment.quotation) ? shipment.quotation.id : null;
  const hasWinner = winnerId !== null && shipment.status !== "Quotation Received";
  const isPickable = canPickWinner(shipment);

  const columns: DataTableColumn<Quotation>[] = [
    {
      id: "agent",
      label: t("bids.columns.agent"),
      render: (q) => (
        <Box sx={{ minWidth: 0, maxWidth: { md: 200 } }}>
          <Link
            component={RouterLink}
            to={agentProfilePath(q.user.id)}
            variant="body2"
            sx={{ fontWeight: 600, display: "block" }}
          >
            {q.user.first_name} {q.user.last_name}
          </Link>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            noWrap
            title={q.user.email}
          >
            {q.user.email}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {format.dateTime(q.created_at)}
          </Typography>
        </Box>
      ),
    },
    {
      id: "pickup_amount",
      label: t("bids.columns.pickup"),
      render: (q) => format.money(q.pickup_amount),
    },
    {
      id: "fast_amount",
      label: t("bids.columns.fast"),
      render: (q) => format.money(q.fast_amount),
    },
    {
      id: "normal_amount",
      label: t("bids.columns.normal"),
      render: (q) => format.money(q.normal_amount),
    },
    {
      id: "total_amount",
      label: t("bids.columns.total"),
      render: (q) => <Total quotation={q} />,
    },
    {
      id: "action",
      label: t("bids.columns.outcome"),
      render: (q) =>
        outcome(q, hasWinner ? winnerId : null, t) ??
        (isPickable ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setChosen(q)}
            aria-label={t("bids.actionLabel", {
              action: hasWinner ? t("bids.makeWinner") : t("bids.approve"),
              name: `${q.user.first_name} ${q.user.last_name}`,
            })}
            sx={{ whiteSpace: "nowrap" }}
          >
            {hasWinner ? t("bids.makeWinner") : t("bids.approve")}
          </Button>
        ) : null),
    },
  ];

  const confirm = () => {
    if (!chosen) return;
    setWinner.mutate(chosen.id, {
      onSuccess: (res) => {
        notify.success(serverMessage(res.message) ?? res.message);
        setChosen(null);
      },
      onError: (error) => {
        toastApiError(error);
        setChosen(null);
      },
    });
  };

  const count = query.data?.pagination_option.count ?? shipment.quotation_count;
  return (
    <Panel title={t("bids.title", { count })}>
      {shipment.is_bidding_open && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t("bids.open")}
        </Typography>
      )}
      <DataTable
        ariaLabel={t("bids.label")}
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(q) => q.id}
        emptyText={t("bids.empty")}
        query={query}
        what={t("bids.what")}
      />
      <ConfirmDialog
        open={chosen !== null}
        title={hasWinner ? t("bids.changeTitle") : t("bids.approveTitle")}
        message={
          chosen
            ? t(hasWinner ? "bids.changeMessage" : "bids.approveMessage", {
                name: `${chosen.user.first_name} ${chosen.user.last_name}`,
                amount: format.money(chosen.total_amount),
              })
            : ""
        }
        confirmLabel={t("bids.yes")}
        cancelLabel={t("bids.no")}
        busy={setWinner.isPending}
        onConfirm={confirm}
        onCancel={() => setChosen(null)}
      />
    </Panel>
  );
}
