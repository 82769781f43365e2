import { lazy, Suspense, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type Resolver,
  type ResolverResult,
} from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link as RouterLink, useNavigate } from "react-router";
import {
  COMPLIANCE_OPTIONS,
  MAX_WAREHOUSE_GROUPS,
  createShipmentInputSchema,
  type ComplianceOption,
  type CreateShipmentData,
} from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { notify, toastApiError } from "../../../lib/toast";
import { PageHeader } from "../../../components/PageHeader";
import { useCreateShipment } from "../api/create-shipment";
import { cargoTotals, CARTON_MAX_KG, CARTON_MAX_SIDE_CM } from "../components/cargo-totals";
import { FormSection } from "../components/FormSection";
import { PickupAddressField } from "../components/PickupAddressField";
import { WarehouseField } from "../components/WarehouseField";

const ShipmentDatePicker = lazy(() => import("../components/ShipmentDatePicker"));

/** Everything is typed as text; the contract schema turns it into the request body. */
interface PackageValues {
  delivery_location: string;
  carton_dimensions_length: string;
  carton_dimensions_width: string;
  carton_dimensions_height: string;
  weight_per_carton_kg: string;
  total_cost_of_goods: string;
  number_of_cartons: string;
}

export interface ShipmentFormValues {
  freight_booking_reference_number: string;
  shipment_ready_date: string;
  supplier_contact_name: string;
  supplier_contact_phone: string;
  product_name: string;
  main_competitor_asin: string;
  pickup_location: {
    full_address: string;
    street_address: string;
    city: string;
    state: string;
    country: string;
    zip_code: string;
    latitude: number | null;
    longitude: number | null;
    place_id: string;
  };
  packages: PackageValues[];
  compliance: {
    detailed_product_description: string;
    compliance: ComplianceOption[];
    additional_notes: string;
  };
  contact_information: { first_name: string; last_name: string; email: string };
}

const EMPTY_PACKAGE: PackageValues = {
  delivery_location: "",
  carton_dimensions_length: "",
  carton_dimensions_width: "",
  carton_dimensions_height: "",
  weight_per_carton_kg: "",
  total_cost_of_goods: "",
  number_of_cartons: "",
};

const EMPTY_PICKUP: ShipmentFormValues["pickup_location"] = {
  full_address: "",
  street_address: "",
  city: "",
  state: "",
  country: "",
  zip_code: "",
  latitude: null,
  longitude: null,
  place_id: "",
};

const PACKAGE_FIELDS: { name: keyof PackageValues; label: string; decimal: boolean }[] = [
  { name: "carton_dimensions_length", label: "Length (cm)", decimal: true },
  { name: "carton_dimensions_width", label: "Width (cm)", decimal: true },
  { name: "carton_dimensions_height", label: "Height (cm)", decimal: true },
  { name: "weight_per_carton_kg", label: "Weight per carton (kg)", decimal: true },
  { name: "total_cost_of_goods", label: "Total cost of goods ($)", decimal: true },
  { name: "number_of_cartons", label: "Number of cartons", decimal: false },
];

const NO_GOODS = COMPLIANCE_OPTIONS[COMPLIANCE_OPTIONS.length - 1];

type SectionId = "origin" | "cargo" | "contact" | "compliance";
const SECTION_FIELDS: Record<SectionId, (keyof ShipmentFormValues)[]> = {
  origin: [
    "pickup_location",
    "shipment_ready_date",
    "supplier_contact_name",
    "supplier_contact_phone",
  ],
  cargo: ["packages", "product_name", "main_competitor_asin", "freight_booking_reference_number"],
  contact: ["contact_information"],
  compliance: ["compliance"],
};

function sectionsWithErrors(errors: FieldErrors<ShipmentFormValues>): Set<SectionId> {
  const result = new Set<SectionId>();
  for (const [section, fields] of Object.entries(SECTION_FIELDS) as [
    SectionId,
    (keyof ShipmentFormValues)[],
  ][]) {
    if (fields.some((field) => errors[field])) result.add(section);
  }
  return result;
}

/** Keeps only what a numeric field may hold while typing. */
function numericInput(value: string, decimal: boolean): string {
  const cleaned = value.replace(decimal ? /[^\d.]/g : /\D/g, "");
  if (!decimal) return cleaned;
  const [whole = "", ...rest] = cleaned.split(".");
  return rest.length ? `${whole}.${rest.join("").slice(0, 2)}` : whole;
}

function FieldGrid({ children, columns = 2 }: { children: React.ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: `repeat(${columns}, minmax(0, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}

/** Sums under the cargo section, recomputed as the seller types. */
function CargoSummary({
  control,
}: {
  control: Control<ShipmentFormValues, unknown, CreateShipmentData>;
}) {
  const packages = useWatch({ control, name: "packages" });
  const totals = cargoTotals(packages ?? []);
  return (
    <Stack spacing={1.5}>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: "grey.50" }} aria-label="Cargo totals">
        <Box
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          {[
            ["Total cartons", String(totals.cartons)],
            ["Gross weight", `${totals.grossKg} kg`],
            ["Volume", `${totals.volumeM3} m³`],
            ["Chargeable weight", `${totals.chargeableKg} kg`],
          ].map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid={label}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      {totals.hasOversize && (
        <Alert severity="warning">
          A carton is over {CARTON_MAX_KG} kg or over {CARTON_MAX_SIDE_CM} cm on a side. Amazon
          warehouses may need it labelled as heavy or oversized, and the freight cost may rise.
        </Alert>
      )}
    </Stack>
  );
}

const resolveShipment = zodResolver(createShipmentInputSchema);
/** The schema reads the form's text values exactly as it reads a request body. */
const shipmentResolver: Resolver<ShipmentFormValues, unknown, CreateShipmentData> = (
  values,
  context,
  options,
) =>
  // Same values, same paths: only the error map's static type differs.
  resolveShipment(
    values,
    context,
    options as unknown as Parameters<typeof resolveShipment>[2],
  ) as Promise<ResolverResult<ShipmentFormValues, CreateShipmentData>>;

/** The seller's booking form at /quotes. */
export default function NewShipmentPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const create = useCreateShipment();
  const [isDone, setDone] = useState(false);
  const [expanded, setExpanded] = useState<Record<SectionId, boolean>>({
    origin: true,
    cargo: true,
    contact: true,
    compliance: true,
  });

  const form = useForm<ShipmentFormValues, unknown, CreateShipmentData>({
    resolver: shipmentResolver,
    mode: "onTouched",
    defaultValues: {
      freight_booking_reference_number: "",
      shipment_ready_date: "",
      supplier_contact_name: "",
      supplier_contact_phone: "",
      product_name: "",
      main_competitor_asin: "",
      pickup_location: EMPTY_PICKUP,
      packages: [EMPTY_PACKAGE],
      compliance: { detailed_product_description: "", compliance: [], additional_notes: "" },
      contact_information: {
        first_name: user?.first_name ?? "",
        last_name: user?.last_name ?? "",
        email: user?.email ?? "",
      },
    },
  });
  const { control, register, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  const packages = useFieldArray({ control, name: "packages" });
  const erroredSections = sectionsWithErrors(errors);

  const toggle = (section: SectionId) =>
    setExpanded((current) => ({ ...current, [section]: !current[section] }));

  const onInvalid = (invalid: FieldErrors<ShipmentFormValues>) => {
    const sections = sectionsWithErrors(invalid);
    setExpanded((current) => {
      const next = { ...current };
      for (const section of sections) next[section] = true;
      return next;
    });
  };

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const res = await create.mutateAsync(data);
      notify.success(res.message);
      setDone(true);
    } catch (error) {
      let matched = false;
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          if (!fieldError.field) continue;
          form.setError(fieldError.field as Path<ShipmentFormValues>, {
            type: "server",
            message: fieldError.message,
          });
          matched = true;
        }
        if (matched) onInvalid(form.formState.errors);
      }
      toastApiError(error);
    }
  }, onInvalid);

  const text = (
    name: Path<ShipmentFormValues>,
    label: string,
    error: { message?: string } | undefined,
    extra: {
      required?: boolean;
      maxLength?: number;
      multiline?: boolean;
      inputMode?: "numeric" | "decimal" | "tel" | "email";
    } = {},
  ) => (
    <TextField
      label={label}
      required={extra.required ?? true}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      {...register(name)}
      error={!!error}
      helperText={error?.message}
      slotProps={{ htmlInput: { maxLength: extra.maxLength ?? 50, inputMode: extra.inputMode } }}
    />
  );

  return (
    <Box sx={{ maxWidth: 980, mx: "auto" }}>
      <PageHeader title="New Shipment" />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="New Shipment">
        <Stack spacing={2}>
          <FormSection
            id="origin"
            title="Origin and Destination"
            expanded={expanded.origin}
            onToggle={() => toggle("origin")}
            hasError={erroredSections.has("origin")}
          >
            <Stack spacing={2}>
              <Controller
                control={control}
                name="pickup_location.full_address"
                render={({ field, fieldState }) => (
                  <PickupAddressField
                    value={field.value}
                    error={fieldState.error?.message ?? errors.pickup_location?.message}
                    onBlur={field.onBlur}
                    onTextChange={(value) => {
                      // Typed text no longer matches a looked-up place: drop its parts.
                      setValue("pickup_location", { ...EMPTY_PICKUP, full_address: value });
                      field.onChange(value);
                    }}
                    onPlaceSelect={(place) => {
                      setValue(
                        "pickup_location",
                        {
                          full_address: place.full_address,
                          street_address: place.street_address ?? "",
                          city: place.city,
                          state: place.state,
                          country: place.country,
                          zip_code: place.zip_code,
                          latitude: place.latitude,
                          longitude: place.longitude,
                          place_id: place.place_id,
                        },
                        { shouldValidate: true },
                      );
                    }}
                  />
                )}
              />
              <FieldGrid>
                {text(
                  "pickup_location.street_address",
                  "Street address",
                  errors.pickup_location?.street_address,
                  { required: false, maxLength: 100 },
                )}
                <Controller
                  control={control}
                  name="shipment_ready_date"
                  render={({ field, fieldState }) => (
                    <Suspense
                      fallback={
                        <TextField
                          label="Shipment Date"
                          disabled
                          required
                          fullWidth
                          error={!!fieldState.error}
                          helperText={fieldState.error?.message}
                        />
                      }
                    >
                      <ShipmentDatePicker
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    </Suspense>
                  )}
                />
                {text(
                  "supplier_contact_name",
                  "Supplier contact name",
                  errors.supplier_contact_name,
                )}
                {text(
                  "supplier_contact_phone",
                  "Supplier contact phone",
                  errors.supplier_contact_phone,
                  { maxLength: 20, inputMode: "tel" },
                )}
              </FieldGrid>
            </Stack>
          </FormSection>

          <FormSection
            id="cargo"
            title="Cargo"
            expanded={expanded.cargo}
            onToggle={() => toggle("cargo")}
            hasError={erroredSections.has("cargo")}
          >
            <Stack spacing={2}>
              <FieldGrid columns={3}>
                {text("product_name", "Product name", errors.product_name)}
                {text("main_competitor_asin", "Main competitor ASIN", errors.main_competitor_asin)}
                {text(
                  "freight_booking_reference_number",
                  "Freight booking reference number",
                  errors.freight_booking_reference_number,
                )}
              </FieldGrid>
              {packages.fields.map((item, index) => {
                const packageErrors = errors.packages?.[index];
                return (
                  <Paper
                    key={item.id}
                    variant="outlined"
                    sx={{ p: 2 }}
                    component="fieldset"
                    aria-label={`Amazon warehouse ${index + 1}`}
                  >
                    <Stack
                      direction="row"
                      sx={{ mb: 1.5, alignItems: "center", justifyContent: "space-between" }}
                    >
                      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                        Amazon warehouse {index + 1}
                      </Typography>
                      {packages.fields.length > 1 && (
                        <Tooltip title="Remove this warehouse">
                          <IconButton
                            aria-label={`Remove Amazon warehouse ${index + 1}`}
                            onClick={() => packages.remove(index)}
                          >
                            <DeleteOutline />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Stack>
                    <Stack spacing={2}>
                      <Controller
                        control={control}
                        name={`packages.${index}.delivery_location`}
                        render={({ field, fieldState }) => (
                          <WarehouseField
                            name={field.name}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                      <FieldGrid columns={3}>
                        {PACKAGE_FIELDS.map(({ name, label, decimal }) => {
                          const path = `packages.${index}.${name}` as const;
                          return (
                            <TextField
                              key={name}
                              label={label}
                              required
                              {...register(path, {
                                onChange: (event: { target: { value: string } }) => {
                                  const cleaned = numericInput(event.target.value, decimal);
                                  if (cleaned !== event.target.value) setValue(path, cleaned);
                                },
                              })}
                              error={!!packageErrors?.[name]}
                              helperText={packageErrors?.[name]?.message}
                              slotProps={{
                                htmlInput: {
                                  inputMode: decimal ? "decimal" : "numeric",
                                  maxLength: 12,
                                },
                              }}
                            />
                          );
                        })}
                      </FieldGrid>
                    </Stack>
                  </Paper>
                );
              })}
              {errors.packages?.message && (
                <FormHelperText error>{errors.packages.message}</FormHelperText>
              )}
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  variant="outlined"
                  disabled={packages.fields.length >= MAX_WAREHOUSE_GROUPS}
                  onClick={() => packages.append({ ...EMPTY_PACKAGE })}
                >
                  Add Amazon warehouse
                </Button>
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
                  {packages.fields.length} of {MAX_WAREHOUSE_GROUPS}
                </Typography>
              </Box>
              <CargoSummary control={control} />
            </Stack>
          </FormSection>

          <FormSection
            id="contact"
            title="Contact Information"
            expanded={expanded.contact}
            onToggle={() => toggle("contact")}
            hasError={erroredSections.has("contact")}
          >
            <FieldGrid columns={3}>
              {text(
                "contact_information.first_name",
                "First name",
                errors.contact_information?.first_name,
              )}
              {text(
                "contact_information.last_name",
                "Last name",
                errors.contact_information?.last_name,
              )}
              {text("contact_information.email", "Email", errors.contact_information?.email, {
                inputMode: "email",
              })}
            </FieldGrid>
          </FormSection>

          <FormSection
            id="compliance"
            title="Compliance"
            expanded={expanded.compliance}
            onToggle={() => toggle("compliance")}
            hasError={erroredSections.has("compliance")}
          >
            <Stack spacing={2}>
              {text(
                "compliance.detailed_product_description",
                "Detailed product description",
                errors.compliance?.detailed_product_description,
              )}
              <Controller
                control={control}
                name="compliance.compliance"
                render={({ field, fieldState }) => {
                  const selected = field.value;
                  const toggleOption = (option: ComplianceOption, checked: boolean) => {
                    let next = checked
                      ? [...selected, option]
                      : selected.filter((value) => value !== option);
                    // "None of these" excludes the categories and the other way round.
                    if (checked && option === NO_GOODS) next = [NO_GOODS];
                    else if (checked) next = next.filter((value) => value !== NO_GOODS);
                    field.onChange(next);
                    field.onBlur();
                  };
                  const message =
                    fieldState.error?.message ?? errors.compliance?.compliance?.message;
                  return (
                    <FormControl error={!!message} component="fieldset" required>
                      <FormLabel component="legend">
                        Does your shipment contain any of these goods?
                      </FormLabel>
                      <FormGroup>
                        {COMPLIANCE_OPTIONS.map((option) => (
                          <FormControlLabel
                            key={option}
                            label={option}
                            control={
                              <Checkbox
                                checked={selected.includes(option)}
                                onChange={(event) => toggleOption(option, event.target.checked)}
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                      {message && <FormHelperText>{message}</FormHelperText>}
                    </FormControl>
                  );
                }}
              />
              {text(
                "compliance.additional_notes",
                "Additional notes",
                errors.compliance?.additional_notes,
                { required: false, multiline: true },
              )}
            </Stack>
          </FormSection>

          <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end", pb: 2 }}>
            <Button component={RouterLink} to="/seller/dashboard" variant="text">
              Cancel
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Submit
            </Button>
          </Stack>
        </Stack>
      </Box>

      <Dialog
        open={isDone}
        aria-labelledby="booked-title"
        onClose={() => void navigate("/seller/booking")}
      >
        <DialogTitle id="booked-title" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <CheckCircleOutline color="success" /> Shipment submitted
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            Thank you! Shipping agents are bidding on your shipment now. Your quote will arrive
            within 72 hours.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void navigate("/seller/booking")}>
            My Booking
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
