import { lazy, Suspense } from "react";
import { Stack, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { FormSection } from "./FormSection";
import { PickupAddressField } from "./PickupAddressField";
import { EMPTY_PICKUP } from "./shipment-form";
import { FieldGrid, useShipmentForm, useTextField, type SectionProps } from "./shipment-form-parts";
import { useServerMessage } from "../../../i18n/server-messages";
import { useBookingT } from "../i18n";

const ShipmentDatePicker = lazy(() => import("./ShipmentDatePicker"));

export function OriginSection(section: SectionProps) {
  const { control, setValue, formState } = useShipmentForm();
  const { errors } = formState;
  const text = useTextField();
  const { t } = useBookingT();
  const message = useServerMessage();
  return (
    <FormSection id="origin" title={t("sections.origin")} {...section}>
      <Stack spacing={2}>
        <Controller
          control={control}
          name="pickup_location.full_address"
          render={({ field, fieldState }) => (
            <PickupAddressField
              value={field.value}
              error={message(fieldState.error?.message ?? errors.pickup_location?.message)}
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
            t("fields.streetAddress"),
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
                    label={t("fields.shipmentDate")}
                    disabled
                    required
                    fullWidth
                    error={!!fieldState.error}
                    helperText={message(fieldState.error?.message)}
                  />
                }
              >
                <ShipmentDatePicker
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={message(fieldState.error?.message)}
                />
              </Suspense>
            )}
          />
          {text("supplier_contact_name", t("fields.supplierName"), errors.supplier_contact_name)}
          {text(
            "supplier_contact_phone",
            t("fields.supplierPhone"),
            errors.supplier_contact_phone,
            {
              maxLength: 20,
              inputMode: "tel",
            },
          )}
        </FieldGrid>
      </Stack>
    </FormSection>
  );
}
