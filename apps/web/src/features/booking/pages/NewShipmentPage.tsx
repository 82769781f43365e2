import { useState } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from "@mui/material";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import { FormProvider, useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import type { CreateShipmentData } from "@fba/contract";
import { useCurrentUser } from "../../../lib/session";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { BidWindowText } from "../../../components/BidWindowText";
import { PageHeader } from "../../../components/PageHeader";
import { useCreateShipment } from "../api/create-shipment";
import { CargoSection } from "../components/CargoSection";
import { ComplianceSection } from "../components/ComplianceSection";
import { ContactSection } from "../components/ContactSection";
import { OriginSection } from "../components/OriginSection";
import {
  EMPTY_PACKAGE,
  EMPTY_PICKUP,
  sectionsWithErrors,
  shipmentResolver,
  type SectionId,
  type ShipmentFormValues,
} from "../components/shipment-form";
import { paths } from "../../../app/paths";
import { Trans } from "react-i18next";
import { useBookingT } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";

/** The seller's booking form at /quotes. */
export default function NewShipmentPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const create = useCreateShipment();
  const { t } = useBookingT();
  const serverMessage = useServerMessage();
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
  const { control, formState } = form;
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
      notify.success(serverMessage(res.message) ?? res.message);
      setDone(true);
    } catch (error) {
      if (applyFieldErrors(error, form.setError, "any")) onInvalid(form.formState.errors);
      toastApiError(error);
    }
  }, onInvalid);

  return (
    <Box sx={{ maxWidth: 980, mx: "auto" }}>
      <PageHeader title={t("title")} />
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("title")}>
          <Stack spacing={2}>
            <OriginSection
              expanded={expanded.origin}
              onToggle={() => toggle("origin")}
              hasError={erroredSections.has("origin")}
            />

            <CargoSection
              packages={packages}
              expanded={expanded.cargo}
              onToggle={() => toggle("cargo")}
              hasError={erroredSections.has("cargo")}
            />

            <ContactSection
              expanded={expanded.contact}
              onToggle={() => toggle("contact")}
              hasError={erroredSections.has("contact")}
            />

            <ComplianceSection
              expanded={expanded.compliance}
              onToggle={() => toggle("compliance")}
              hasError={erroredSections.has("compliance")}
            />

            <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end", pb: 2 }}>
              <Button component={RouterLink} to={paths.seller.dashboard} variant="text">
                {t("cancel")}
              </Button>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {t("submit")}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </FormProvider>

      <Dialog
        open={isDone}
        aria-labelledby="booked-title"
        onClose={() => void navigate(paths.seller.active)}
      >
        <DialogTitle id="booked-title" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <CheckCircleOutline color="success" /> {t("done.title")}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            <Trans t={t} i18nKey="done.text" components={{ window: <BidWindowText /> }} />
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void navigate(paths.seller.active)}>
            {t("done.action")}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
