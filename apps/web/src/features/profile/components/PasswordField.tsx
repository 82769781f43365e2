import { useState, type Ref } from "react";
import { IconButton, InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { useProfileT } from "../i18n";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";

/** A password input with a show/hide toggle. */
export function PasswordField({
  inputRef,
  ...props
}: Omit<TextFieldProps, "type"> & { inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useProfileT();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      inputRef={inputRef}
      type={isVisible ? "text" : "password"}
      slotProps={{
        htmlInput: { maxLength: 128 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t(isVisible ? "hide" : "show", { field: String(props.label) })}
                onClick={() => setIsVisible((v) => !v)}
                edge="end"
                size="small"
              >
                {isVisible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
