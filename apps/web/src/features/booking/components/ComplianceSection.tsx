import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  TextField,
} from "@mui/material";
import { Controller, useWatch } from "react-hook-form";
import {
  COMPLIANCE_OPTIONS,
  DESCRIPTION_MAX,
  requiredDocuments,
  type ComplianceOption,
} from "@fba/contract";
import { RequiredDocuments } from "../../../entities/document/components/RequiredDocuments";
import { FormSection } from "./FormSection";
import { NO_GOODS } from "./shipment-form";
import { useShipmentForm, useTextField, type SectionProps } from "./shipment-form-parts";
import { useServerMessage } from "../../../i18n/server-messages";
import { useBookingT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";

/** The catalog keys of the compliance options, in the contract's order (the wire keeps the English). */
const OPTION_KEYS = ["fda", "wooden", "batteries", "liquids", "none"] as const;

/** What the agent will ask for before pickup, as the goods ticked above call for. */
function DocumentsToPrepare() {
  const { control } = useShipmentForm();
  const compliance = useWatch({ control, name: "compliance.compliance" });
  const { t } = useBookingT();
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, bgcolor: "action.hover" }}>
      <RequiredDocuments
        title={t("compliance.documentsTitle")}
        required={requiredDocuments(compliance ?? [])}
      />
    </Paper>
  );
}

/**
 * What the goods are, in the seller's words: several lines, with a counter so the limit is
 * seen before it is reached (the field stops at the limit instead of cutting the text later).
 */
function DescriptionField() {
  const { control, register, formState } = useShipmentForm();
  const value = useWatch({ control, name: "compliance.detailed_product_description" }) ?? "";
  const error = formState.errors.compliance?.detailed_product_description;
  const { t } = useBookingT();
  const message = useServerMessage();
  const format = useFormat();
  const counter = `${format.number(value.length)} / ${format.number(DESCRIPTION_MAX)}`;
  return (
    <TextField
      label={t("fields.description")}
      required
      multiline
      minRows={3}
      maxRows={12}
      placeholder={t("fields.descriptionPlaceholder")}
      {...register("compliance.detailed_product_description")}
      error={!!error}
      helperText={
        <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
          <span>{message(error?.message)}</span>
          <Box component="span" data-testid="description-counter" sx={{ whiteSpace: "nowrap" }}>
            {counter}
          </Box>
        </Box>
      }
      slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
    />
  );
}

export function ComplianceSection(section: SectionProps) {
  const { control, formState } = useShipmentForm();
  const { errors } = formState;
  const text = useTextField();
  const { t } = useBookingT();
  const serverMessage = useServerMessage();
  return (
    <FormSection id="compliance" title={t("sections.compliance")} {...section}>
      <Stack spacing={2}>
        <DescriptionField />
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
            const message = serverMessage(
              fieldState.error?.message ?? errors.compliance?.compliance?.message,
            );
            return (
              <FormControl error={!!message} component="fieldset" required>
                <FormLabel component="legend">{t("compliance.question")}</FormLabel>
                <FormGroup>
                  {COMPLIANCE_OPTIONS.map((option, index) => (
                    <FormControlLabel
                      key={option}
                      label={t(`compliance.options.${OPTION_KEYS[index] ?? "none"}`)}
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
        <DocumentsToPrepare />
        {text(
          "compliance.additional_notes",
          t("fields.notes"),
          errors.compliance?.additional_notes,
          { required: false, multiline: true },
        )}
      </Stack>
    </FormSection>
  );
}
