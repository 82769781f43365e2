import type { ReactNode } from "react";
import { Box, Chip, Link, Paper, Stack, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { COMPLIANCE_OPTIONS, TRACKING_CARRIER_LABELS } from "@fba/contract";
import type { Shipment } from "../api/types";
import { useShipmentsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { CardField, Field, Panel, phoneCard } from "../../../components/Panel";
import { SmallTable } from "../../../components/SmallTable";

const fieldGrid = {
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
  gap: 1.5,
} as const;

/** The texts and formats the detail panels show in, with "N/A" for what is blank. */
function useDetailTexts() {
  const { t } = useShipmentsT();
  const format = useFormat();
  const notAvailable = t("details.notAvailable");
  const textOr = (value: string | null | undefined) =>
    value && value.trim() ? value : notAvailable;
  return { t, format, notAvailable, textOr };
}
type DetailTexts = ReturnType<typeof useDetailTexts>;

/** A goods category's catalog key, by its place in the contract's list (the wire keeps English). */
const COMPLIANCE_KEYS = ["fda", "wooden", "batteries", "liquids", "none"] as const;
const complianceKey = (item: string) =>
  COMPLIANCE_KEYS[COMPLIANCE_OPTIONS.indexOf(item as (typeof COMPLIANCE_OPTIONS)[number])] ??
  "none";

/** Long URLs break anywhere rather than widen their column or the page. */
const wrapsAnywhere = { overflowWrap: "anywhere" } as const;

/** Tracking link as a link when it is one, N/A when absent. */
export function TrackingLink({ shipment }: { shipment: Pick<Shipment, "tracking_link"> }) {
  const { notAvailable } = useDetailTexts();
  const link = shipment.tracking_link;
  if (!link) return <>{notAvailable}</>;
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

const cargoColumnsOf = ({
  t,
  format,
  notAvailable,
}: DetailTexts): {
  label: string;
  align?: "right";
  /** Long text wraps instead of widening the table. */
  wraps?: boolean;
  value: (p: CargoPackage) => ReactNode;
}[] => [
  { label: t("details.columns.warehouse"), wraps: true, value: (p) => p.delivery_location },
  {
    label: t("details.columns.dimensions"),
    align: "right",
    value: (p) =>
      `${Number(p.carton_dimensions_length)} × ${Number(p.carton_dimensions_width)} × ${Number(p.carton_dimensions_height)}`,
  },
  {
    label: t("details.columns.weight"),
    align: "right",
    value: (p) => Number(p.weight_per_carton_kg),
  },
  {
    label: t("details.columns.cartons"),
    align: "right",
    value: (p) => Number(p.number_of_cartons),
  },
  {
    label: t("details.columns.cost"),
    align: "right",
    value: (p) => format.money(p.total_cost_of_goods),
  },
  {
    label: t("details.columns.chargeable"),
    align: "right",
    value: (p) =>
      p.chargeable_weight != null ? Number(p.chargeable_weight).toFixed(2) : notAvailable,
  },
];

const wrappingCell = { whiteSpace: "normal", minWidth: 160, overflowWrap: "anywhere" } as const;
const totalCell = { fontWeight: 600 } as const;

/** The cartons per warehouse with their totals: a table on wide screens, cards on phones. */
function CargoTable({ packages }: { packages: CargoPackage[] }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down("md"));
  const texts = useDetailTexts();
  const { t, format } = texts;
  const cargoColumns = cargoColumnsOf(texts);
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
      <Stack
        component="ul"
        spacing={1}
        aria-label={t("details.cargo")}
        sx={{ mt: 1.5, mb: 0, p: 0 }}
      >
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
            {t("details.total")}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <CardField label={t("details.columns.cartons")}>{totals.cartons}</CardField>
            <CardField label={t("details.columns.cost")}>{format.money(totals.cost)}</CardField>
            <CardField label={t("details.columns.chargeable")}>
              {totals.chargeable.toFixed(2)}
            </CardField>
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
      aria-label={t("details.cargoTable")}
    >
      <table aria-label={t("details.cargo")}>
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
            <td style={totalCell}>{t("details.total")}</td>
            <td />
            <td />
            <td data-align="right" style={totalCell}>
              {totals.cartons}
            </td>
            <td data-align="right" style={totalCell}>
              {format.money(totals.cost)}
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
  const { t, format, notAvailable, textOr } = useDetailTexts();

  return (
    <Stack spacing={2}>
      <Panel title={t("details.contact")}>
        <Box sx={fieldGrid}>
          <Field label={t("details.name")}>{textOr(contactName)}</Field>
          <Field label={t("details.email")}>{textOr(contact.email ?? seller?.email)}</Field>
          {showSellerPhone && (
            <Field label={t("details.phone")}>{textOr(seller?.profile?.phone)}</Field>
          )}
          <Field label={t("details.supplierName")}>{textOr(shipment.supplier_contact_name)}</Field>
          <Field label={t("details.supplierPhone")}>
            {textOr(shipment.supplier_contact_phone)}
          </Field>
          <Field label={t("details.reference")}>
            {textOr(shipment.freight_booking_reference_number)}
          </Field>
        </Box>
      </Panel>

      <Panel title={t("details.route")}>
        <Box sx={fieldGrid}>
          <Field label={t("details.pickupAddress")}>
            {textOr(shipment.pickup_location?.full_address)}
          </Field>
          <Field label={t("details.shipmentDate")}>
            {format.date(shipment.shipment_ready_date)}
          </Field>
          <Field label={t("details.destinations")}>
            {destinations.length ? destinations.join(", ") : notAvailable}
          </Field>
          {showOrderInfo && (
            <>
              <Field label={t("details.trackingNumber")}>{textOr(shipment.tracking_number)}</Field>
              <Field label={t("details.carrier")}>
                {shipment.tracking_carrier
                  ? TRACKING_CARRIER_LABELS[shipment.tracking_carrier]
                  : notAvailable}
              </Field>
              <Field label={t("details.trackingLink")}>
                <TrackingLink shipment={shipment} />
              </Field>
              <Field label={t("details.finalAmount")}>{format.money(shipment.final_amount)}</Field>
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
  const { t, textOr } = useDetailTexts();
  return (
    <Stack spacing={2}>
      <Panel title={t("details.cargo")}>
        <Field label={t("details.productName")}>{shipment.product_name}</Field>
        <CargoTable packages={shipment.packages} />
      </Panel>

      <Panel title={t("details.compliance")}>
        <Stack spacing={1.5}>
          <Field label={t("details.description")}>
            <Box component="span" sx={{ whiteSpace: "pre-line" }}>
              {textOr(shipment.compliance?.detailed_product_description)}
            </Box>
          </Field>
          <Field label={t("details.asin")}>{textOr(shipment.main_competitor_asin)}</Field>
          <Field label={t("details.categories")}>
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.75, mt: 0.5 }}>
              {(shipment.compliance?.compliance ?? []).map((item) => (
                <Chip
                  key={item}
                  label={t(`details.complianceOptions.${complianceKey(item)}`, {
                    defaultValue: item,
                  })}
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

      <Panel title={t("details.notes")}>
        <Typography variant="body2">{textOr(shipment.compliance?.additional_notes)}</Typography>
      </Panel>
    </Stack>
  );
}
