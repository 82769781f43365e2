import { useId, type ReactNode } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import Box from "@mui/material/Box";
import SvgIcon from "@mui/material/SvgIcon";
import Typography from "@mui/material/Typography";
import SearchIcon from "@mui/icons-material/Search";
import { useListsT } from "../i18n/lists";

/*
 * The lists' toolbar and paging-bar fields: the search box, the date filter and the page-size
 * select. Native <input> and <select> elements drawn as MUI's small outlined fields (the border
 * with its label in a notch, darker on hover, the primary colour and a 2 px border with focus).
 * Not MUI's inputs: InputBase, OutlinedInput, FormControl, InputLabel and NativeSelect weigh about
 * 12 KB gzip, all of it in the first download of every list on a phone.
 */

const Outline = styled("div")(({ theme }) => ({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  verticalAlign: "top",
  boxSizing: "border-box",
  borderRadius: theme.shape.borderRadius,
  color: theme.palette.text.primary,
  fontFamily: theme.typography.fontFamily,
  fontSize: "1rem",
  lineHeight: "1.4375em",
  // The border, with a gap (the legend's width) where a label sits on it.
  "& > fieldset": {
    position: "absolute",
    inset: "-5px 0 0",
    margin: 0,
    padding: "0 8px",
    pointerEvents: "none",
    borderRadius: "inherit",
    border: "1px solid rgba(0, 0, 0, 0.23)",
    overflow: "hidden",
    minWidth: 0,
    textAlign: "left",
  },
  "& > fieldset > legend": {
    float: "unset",
    width: "auto",
    display: "block",
    height: 11,
    padding: 0,
    overflow: "hidden",
    maxWidth: "100%",
    fontSize: "0.75em",
    whiteSpace: "nowrap",
    visibility: "hidden",
    "& > span": { display: "inline-block", padding: "0 5px" },
  },
  "&:hover > fieldset": { borderColor: theme.palette.text.primary },
  "&:focus-within > fieldset": { borderColor: theme.palette.primary.main, borderWidth: 2 },
  "& > label": {
    position: "absolute",
    top: 0,
    left: 0,
    zIndex: 1,
    transform: "translate(14px, -9px) scale(0.75)",
    transformOrigin: "top left",
    maxWidth: "calc(133% - 32px)",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    pointerEvents: "none",
    color: theme.palette.text.secondary,
  },
  "&:focus-within > label": { color: theme.palette.primary.main },
  "& input, & select": {
    font: "inherit",
    letterSpacing: "inherit",
    color: "currentColor",
    width: "100%",
    minWidth: 0,
    height: "1.4375em",
    margin: 0,
    padding: "8.5px 14px",
    boxSizing: "content-box",
    border: 0,
    borderRadius: "inherit",
    background: "none",
    outline: 0,
  },
  "& input::placeholder": { color: "currentColor", opacity: 0.42 },
  "& select": { appearance: "none", cursor: "pointer", paddingRight: 32 },
  "& > svg": { flexShrink: 0, color: theme.palette.action.active, pointerEvents: "none" },
  "& > svg + input": { paddingLeft: 8 },
  "& > select + svg": { position: "absolute", right: 7 },
  "&[data-size=medium] select": { padding: "16.5px 32px 16.5px 14px" },
  "&[data-error] > fieldset, &[data-error]:hover > fieldset": {
    borderColor: theme.palette.error.main,
  },
  "&[data-error] > label, &[data-error]:focus-within > label": { color: theme.palette.error.main },
  "&[data-disabled]": { color: theme.palette.text.disabled },
  "&[data-disabled] select": { cursor: "default" },
  "&[data-disabled] > label": { color: theme.palette.text.disabled },
  "&[data-disabled] > fieldset, &[data-disabled]:hover > fieldset": {
    borderColor: theme.palette.action.disabled,
  },
}));

/** The border drawn round the field, with a notch for the label when there is one. */
function Border({ label }: { label?: string }) {
  return (
    <fieldset aria-hidden="true">
      <legend>{label ? <span>{label}</span> : null}</legend>
    </fieldset>
  );
}

/** A small labelled outlined field, its label always on the border (for a date, as the lists use). */
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
    <Box component={Outline} sx={sx}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
      <Border label={label} />
    </Box>
  );
}

/**
 * A labelled native select (the phone's own picker) drawn like the outlined fields: small (40 px,
 * the lists' toolbars) or medium (56 px, as a form's TextField), with an error and helper text
 * under it as a TextField shows them.
 */
export function OutlinedNativeSelect({
  label,
  value,
  onChange,
  children,
  sx,
  size = "small",
  required = false,
  disabled = false,
  error = false,
  helperText,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
  sx?: SxProps<Theme>;
  size?: "small" | "medium";
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const field = (
    <Box
      component={Outline}
      data-size={size}
      data-error={error || undefined}
      data-disabled={disabled || undefined}
      sx={helperText === undefined ? sx : { display: "flex" }}
    >
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true">{"\u2009*"}</span>}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error || undefined}
        aria-describedby={helperText === undefined ? undefined : helpId}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {/* The same triangle as MUI's ArrowDropDown icon. */}
      <SvgIcon>
        <path d="M7 10l5 5 5-5z" />
      </SvgIcon>
      <Border label={required ? `${label}\u2009*` : label} />
    </Box>
  );
  if (helperText === undefined) return field;
  return (
    <Box
      sx={[{ display: "inline-flex", flexDirection: "column" }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {field}
      <HelperText id={helpId} error={error}>
        {helperText}
      </HelperText>
    </Box>
  );
}

/** The line under a field, as TextField's helper text: grey, or red for an error. */
export function HelperText({
  id,
  error = false,
  children,
}: {
  id?: string;
  error?: boolean;
  children: ReactNode;
}) {
  return (
    <Typography
      id={id}
      variant="caption"
      component="p"
      sx={{
        mt: "3px",
        mx: "14px",
        overflowWrap: "anywhere",
        color: error ? "error.main" : "text.secondary",
      }}
    >
      {children}
    </Typography>
  );
}

/** An outlined search box with a magnifier, named "Search" for assistive technology. */
export function SearchField({
  value,
  onChange,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useListsT();
  return (
    <Box component={Outline} sx={sx}>
      <SearchIcon fontSize="small" sx={{ ml: "14px" }} />
      <input
        type="text"
        placeholder={t("table.search")}
        aria-label={t("table.search")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <Border />
    </Box>
  );
}
