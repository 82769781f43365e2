import { useId, type ChangeEvent, type ReactNode } from "react";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import NativeSelect from "@mui/material/NativeSelect";
import OutlinedInput from "@mui/material/OutlinedInput";
import type { SxProps, Theme } from "@mui/material/styles";

/**
 * A small labelled outlined field, as MUI's TextField draws it, for the lists' toolbars and paging
 * bar. Not TextField itself: it imports MUI's Select, and with it the menu, popover and modal
 * code, into every list's first download.
 */
export function OutlinedField({
  label,
  type = "text",
  value,
  onChange,
  sx,
}: {
  label: string;
  type?: "text" | "date";
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id} shrink={type === "date" ? true : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        label={label}
        notched={type === "date" ? true : undefined}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </FormControl>
  );
}

/** A small labelled native select (the phone's own picker) drawn like the outlined fields. */
export function OutlinedNativeSelect({
  label,
  value,
  onChange,
  children,
  sx,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id }}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}
