import { useState } from "react";
import { Autocomplete, Box, TextField } from "@mui/material";
import type { Place } from "@fba/contract";
import { usePlaces } from "../api/search-places";
import { useDebounced } from "./use-debounced";
import { useBookingT } from "../i18n";
import { useAutocompleteTexts } from "../../../components/autocomplete-texts";

export interface PickupAddressFieldProps {
  value: string;
  error?: string;
  /** A typed address that matches nothing is still the full address. */
  onTextChange: (text: string) => void;
  onPlaceSelect: (place: Place) => void;
  onBlur: () => void;
}

/** Pickup address lookup by a US ZIP code or a city anywhere; choosing a candidate fills every address part. */
export function PickupAddressField({
  value,
  error,
  onTextChange,
  onPlaceSelect,
  onBlur,
}: PickupAddressFieldProps) {
  const [open, setOpen] = useState(false);
  const { t } = useBookingT();
  const texts = useAutocompleteTexts();
  const query = useDebounced(value, 250);
  const places = usePlaces(open ? query : "");
  const options = places.data ?? [];

  return (
    <Autocomplete<Place, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(option) => (typeof option === "string" ? option : option.full_address)}
      isOptionEqualToValue={(a, b) => a.place_id === b.place_id}
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        if (reason === "input" || reason === "clear") onTextChange(text.slice(0, 255));
      }}
      onChange={(_event, next) => {
        if (next && typeof next !== "string") onPlaceSelect(next);
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            {option.full_address}
          </Box>
          {/* The country's code, not a flag emoji: Windows and many Linux fonts draw flags as two letters anyway. */}
          <Box
            component="span"
            sx={{
              color: "text.secondary",
              fontSize: "0.75rem",
              fontWeight: 600,
              letterSpacing: 0.5,
            }}
          >
            {option.country_code}
          </Box>
        </Box>
      )}
      loading={places.isFetching}
      {...texts}
      noOptionsText={t("fields.pickupNoOptions")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("fields.pickup")}
          name="pickup_location.full_address"
          required
          placeholder={t("fields.pickupPlaceholder")}
          onBlur={onBlur}
          error={!!error}
          helperText={error}
        />
      )}
    />
  );
}
