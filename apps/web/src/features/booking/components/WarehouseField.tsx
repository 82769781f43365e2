import { useState } from "react";
import { Autocomplete, TextField } from "@mui/material";
import type { Warehouse } from "@fba/contract";
import { useWarehouses } from "../api/search-warehouses";
import { useDebounced } from "./use-debounced";
import { useBookingT } from "../i18n";
import { useAutocompleteTexts } from "../../../components/autocomplete-texts";

/** Amazon warehouse destination: FC code suggestions, free text allowed. */
export function WarehouseField({
  name,
  value,
  error,
  onChange,
  onBlur,
}: {
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useBookingT();
  const texts = useAutocompleteTexts();
  const query = useDebounced(value, 200);
  const warehouses = useWarehouses(open ? query : "");
  const options = warehouses.data ?? [];

  return (
    <Autocomplete<Warehouse, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(option) => (typeof option === "string" ? option : option.label)}
      getOptionKey={(option) => (typeof option === "string" ? option : option.id)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span>
              <strong>{option.code}</strong>
              {option.name || option.city
                ? ` · ${[option.name, option.city, option.state].filter(Boolean).join(", ")}`
                : ""}
            </span>
          </li>
        );
      }}
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        if (reason === "input" || reason === "clear") onChange(text.slice(0, 50));
      }}
      onChange={(_event, next) => {
        if (next) onChange(typeof next === "string" ? next : next.label);
      }}
      loading={warehouses.isFetching}
      {...texts}
      noOptionsText={t("fields.warehouseNoOptions")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("fields.warehouse")}
          name={name}
          required
          onBlur={onBlur}
          error={!!error}
          helperText={error}
        />
      )}
    />
  );
}
