import type { ReactNode } from "react";
import { Box, Chip, Link, Paper, Stack, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { TRACKING_CARRIER_LABELS } from "@fba/contract";
import type { Shipment } from "../api/types";
import { formatDate, formatMoney, textOrNA } from "../lib/format";
import { CardField, Field, Panel, phoneCard } from "../../../components/Panel";
import { SmallTable } from "../../../components/SmallTable";

const fieldGrid = {
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
  gap: 1.5,
} as const;

/** Long URLs break anywhere rather than widen their column or the page. */
const wrapsAnywhere = { overflowWrap: "anywhere" } as const;

/** Tracking link as a link when it is one, N/A when absent. */
export function TrackingLink({ shipment }: { shipment: Pick<Shipment, "tracking_link"> }) {
  const link = shipment.tracking_link;
  if (!link) return <>N/A</>;
  if (/^https?:\/\//i.test(link)) {
    return (
      <Link
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => e.stopPropagation()}
        sx={wrapsAnywhere}
      >
        {link}
      </Link>
    );
  }
  return (
    <Box component="span" sx={wrapsAnywhere}>
      {link}
    </Box>
  );
}

type CargoPackage = Shipment["packages"][number];

const cargoColumns: {
  label: string;
  align?: "right";
  /** Long text wraps instead of widening the table. */
  wraps?: boolean;
  value: (p: CargoPackage) => ReactNode;
}[] = [
  { label: "Amazon warehouse", wraps: true, value: (p) => p.delivery_location },
  {
    label: "L × W × H (cm)",
    align: "right",
    value: (p) =>
      `${Number(p.carton_dimensions_length)} × ${Number(p.carton_dimensions_width)} × ${Number(p.carton_dimensions_height)}`,
  },
  { label: "Weight / carton (kg)", align: "right", value: (p) => Number(p.weight_per_carton_kg) },
  { label: "Cartons", align: "right", value: (p) => Number(p.number_of_cartons) },
  { label: "Cost of goods", align: "right", value: (p) => formatMoney(p.total_cost_of_goods) },
  {
    label: "Chargeable (kg)",
    align: "right",
    value: (p) => (p.chargeable_weight != null ? Number(p.chargeable_weight).toFixed(2) : "N/A"),
  },
];

const wrappingCell = { whiteSpace: "normal", minWidth: 160, overflowWrap: "anywhere" } as const;
const totalCell = { fontWeight: 600 } as const;

/** The cartons per warehouse with their totals: a table on wide screens, cards on phones. */
function CargoTable({ packages }: { packages: CargoPackage[] }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down("md"));
  const totals = packages.reduce(
    (acc, p) => ({
      cartons: acc.cartons + Number(p.number_of_cartons || 0),
      chargeable: acc.chargeable + Number(p.chargeable_weight || 0),
      cost: acc.cost + Number(p.total_cost_of_goods || 0),
    }),
    { cartons: 0, chargeable: 0, cost: 0 },
  );

  if (isPhone) {
    return (
      <Stack component="ul" spacing={1} aria-label="Cargo" sx={{ mt: 1.5, mb: 0, p: 0 }}>
        {packages.map((p, index) => (
          <Paper key={p.id ?? index} component="li" variant="outlined" sx={phoneCard}>
            <Box component="dl" sx={{ m: 0 }}>
              {cargoColumns.map((column) => (
                <CardField key={column.label} label={column.label}>
                  {column.value(p)}
                </CardField>
              ))}
            </Box>
          </Paper>
        ))}
        <Paper component="li" variant="outlined" sx={{ ...phoneCard, bgcolor: "grey.50" }}>
          <Typography variant="subtitle2" component="p">
            Total
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <CardField label="Cartons">{totals.cartons}</CardField>
            <CardField label="Cost of goods">{formatMoney(totals.cost)}</CardField>
            <CardField label="Chargeable (kg)">{totals.chargeable.toFixed(2)}</CardField>
          </Box>
        </Paper>
      </Stack>
    );
  }

  return (
    // Focusable so keyboard users can scroll it when the columns do not fit.
    <SmallTable
      sx={{ mt: 1.5, "& th, & td": { whiteSpace: "nowrap" }, "& td[data-wraps]": wrappingCell }}
      tabIndex={0}
      role="region"
      aria-label="Cargo table"
    >
      <table aria-label="Cargo">
        <thead>
          <tr>
            {cargoColumns.map((column) => (
              <th key={column.label} scope="col" data-align={column.align}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {packages.map((p, index) => (
            <tr key={p.id ?? index}>
              {cargoColumns.map((column) => (
                <td key={column.label} data-align={column.align} data-wraps={column.wraps}>
                  {column.value(p)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td style={totalCell}>Total</td>
            <td />
            <td />
            <td data-align="right" style={totalCell}>
              {totals.cartons}
            </td>
            <td data-align="right" style={totalCell}>
              {formatMoney(totals.cost)}
            </td>
            <td data-align="right" style={totalCell}>
              {totals.chargeable.toFixed(2)}
            </td>
          </tr>
        </tbody>
      </table>
    </SmallTable>
  );
}

/** A card of a phone card list (`li` inside a `ul`). */

export interface ShipmentDetailsProps {
  shipment: Shipment;
  /** The seller phone is shown only on the screens the spec names. */
  showSellerPhone?: boolean;
  /** Tracking and final amount once an order is accepted. */
  showOrderInfo?: boolean;
}

/** Contact info, Origin and Destination, Cargo, Compliance and Additional Notes panels. */
export function ShipmentDetails(props: ShipmentDetailsProps) {
  return (
    <Stack spacing={2}>
      <ShipmentContactAndRoute {...props} />
      <ShipmentGoods shipment={props.shipment} />
    </Stack>
  );
}

/** The first two detail panels: Contact info, and Origin and Destination. */
export function ShipmentContactAndRoute({
  shipment,
  showSellerPhone,
  showOrderInfo,
}: ShipmentDetailsProps) {
  const contact = shipment.contact_information ?? {};
  const seller = shipment.user;
  const contactName =
    [contact.first_name, contact.last_name].filter(Boolean).join(" ") ||
    [seller?.first_name, seller?.last_name].filter(Boolean).join(" ");
  const destinations = [...new Set(shipment.packages.map((p) => p.delivery_location))];

  return (
    <Stack spacing={2}>
      <Panel title="Contact info">
        <Box sx={fieldGrid}>
          <Field label="Name">{textOrNA(contactName)}</Field>
          <Field label="Email">{textOrNA(contact.email ?? seller?.email)}</Field>
          {showSellerPhone && <Field label="Phone">{textOrNA(seller?.profile?.phone)}</Field>}
          <Field label="Supplier contact name">{textOrNA(shipment.supplier_contact_name)}</Field>
          <Field label="Supplier contact phone">{textOrNA(shipment.supplier_contact_phone)}</Field>
          <Field label="Freight booking reference">
            {textOrNA(shipment.freight_booking_reference_number)}
          </Field>
        </Box>
      </Panel>

      <Panel title="Origin and Destination">
        <Box sx={fieldGrid}>
          <Field label="Pickup address">{textOrNA(shipment.pickup_location?.full_address)}</Field>
          <Field label="Shipment date">{formatDate(shipment.shipment_ready_date)}</Field>
          <Field label="Amazon warehouse destinations">
            {destinations.length ? destinations.join(", ") : "N/A"}
          </Field>
          {showOrderInfo && (
            <>
              <Field label="Tracking number">{textOrNA(shipment.tracking_number)}</Field>
              <Field label="Carrier">
                {shipment.tracking_carrier
                  ? TRACKING_CARRIER_LABELS[shipment.tracking_carrier]
                  : "N/A"}
              </Field>
              <Field label="Tracking link">
                <TrackingLink shipment={shipment} />
              </Field>
              <Field label="Final amount">{formatMoney(shipment.final_amount)}</Field>
            </>
          )}
        </Box>
      </Panel>
    </Stack>
  );
}

/**
 * The last three detail panels: Cargo, Compliance and Additional Notes. Pages with a chat beside
 * the details give these the full width, so every cargo column shows without scrolling.
 */
export function ShipmentGoods({ shipment }: { shipment: Shipment }) {
  return (
    <Stack spacing={2}>
      <Panel title="Cargo">
        <Field label="Product name">{shipment.product_name}</Field>
        <CargoTable packages={shipment.packages} />
      </Panel>

      <Panel title="Compliance">
        <Stack spacing={1.5}>
          <Field label="Detailed product description">
            <Box component="span" sx={{ whiteSpace: "pre-line" }}>
              {textOrNA(shipment.compliance?.detailed_product_description)}
            </Box>
          </Field>
          <Field label="Main competitor ASIN">{textOrNA(shipment.main_competitor_asin)}</Field>
          <Field label="Goods categories">
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.75, mt: 0.5 }}>
              {(shipment.compliance?.compliance ?? []).map((item) => (
                <Chip
                  key={item}
                  label={item}
                  size="small"
                  // The longest category is wider than a phone: it wraps inside its chip
                  // rather than being cut.
                  sx={{
                    height: "auto",
                    minHeight: 24,
                    maxWidth: "100%",
                    "& .MuiChip-label": {
                      whiteSpace: "normal",
                      overflowWrap: "anywhere",
                      py: 0.25,
                    },
                  }}
                />
              ))}
            </Stack>
          </Field>
        </Stack>
      </Panel>

      <Panel title="Additional Notes">
        <Typography variant="body2">{textOrNA(shipment.compliance?.additional_notes)}</Typography>
      </Panel>
    </Stack>
  );
}
