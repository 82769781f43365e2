import type { ReactNode } from "react";
import {
  Box,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { Shipment } from "../api/types";
import { formatDate, formatMoney, textOrNA } from "../lib/format";

export function Panel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Stack
        direction="row"
        sx={{ mb: 1.5, alignItems: "center", justifyContent: "space-between" }}
      >
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

const fieldGrid = {
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
  gap: 1.5,
} as const;

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
      >
        {link}
      </Link>
    );
  }
  return <>{link}</>;
}

export interface ShipmentDetailsProps {
  shipment: Shipment;
  /** The seller phone is shown only on the screens the spec names. */
  showSellerPhone?: boolean;
  /** Tracking and final amount once an order is accepted. */
  showOrderInfo?: boolean;
}

/** Contact info, Origin and Destination, Cargo, Compliance and Additional Notes panels. */
export function ShipmentDetails({
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
  const totals = shipment.packages.reduce(
    (acc, p) => ({
      cartons: acc.cartons + Number(p.number_of_cartons || 0),
      chargeable: acc.chargeable + Number(p.chargeable_weight || 0),
      cost: acc.cost + Number(p.total_cost_of_goods || 0),
    }),
    { cartons: 0, chargeable: 0, cost: 0 },
  );

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
              <Field label="Tracking link">
                <TrackingLink shipment={shipment} />
              </Field>
              <Field label="Final amount">{formatMoney(shipment.final_amount)}</Field>
            </>
          )}
        </Box>
      </Panel>

      <Panel title="Cargo">
        <Field label="Product name">{shipment.product_name}</Field>
        <TableContainer sx={{ mt: 1.5 }}>
          <Table size="small" aria-label="Cargo" sx={{ "& th, & td": { whiteSpace: "nowrap" } }}>
            <TableHead>
              <TableRow>
                <TableCell>Amazon warehouse</TableCell>
                <TableCell align="right">L × W × H (cm)</TableCell>
                <TableCell align="right">Weight / carton (kg)</TableCell>
                <TableCell align="right">Cartons</TableCell>
                <TableCell align="right">Cost of goods</TableCell>
                <TableCell align="right">Chargeable (kg)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shipment.packages.map((p, index) => (
                <TableRow key={p.id ?? index}>
                  <TableCell>{p.delivery_location}</TableCell>
                  <TableCell align="right">
                    {Number(p.carton_dimensions_length)} × {Number(p.carton_dimensions_width)} ×{" "}
                    {Number(p.carton_dimensions_height)}
                  </TableCell>
                  <TableCell align="right">{Number(p.weight_per_carton_kg)}</TableCell>
                  <TableCell align="right">{Number(p.number_of_cartons)}</TableCell>
                  <TableCell align="right">{formatMoney(p.total_cost_of_goods)}</TableCell>
                  <TableCell align="right">
                    {p.chargeable_weight != null ? Number(p.chargeable_weight).toFixed(2) : "N/A"}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
                <TableCell />
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {totals.cartons}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(totals.cost)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {totals.chargeable.toFixed(2)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      </Panel>

      <Panel title="Compliance">
        <Stack spacing={1.5}>
          <Field label="Detailed product description">
            {textOrNA(shipment.compliance?.detailed_product_description)}
          </Field>
          <Field label="Main competitor ASIN">{textOrNA(shipment.main_competitor_asin)}</Field>
          <Field label="Goods categories">
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.75, mt: 0.5 }}>
              {(shipment.compliance?.compliance ?? []).map((item) => (
                <Chip key={item} label={item} size="small" />
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
