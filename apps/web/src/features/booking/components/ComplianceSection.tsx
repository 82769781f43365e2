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

/** What the agent will ask for before pickup, as the goods ticked above call for. */
function DocumentsToPrepare() {
  const { control } = useShipmentForm();
  const compliance = useWatch({ control, name: "compliance.compliance" });
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, bgcolor: "action.hover" }}>
      <RequiredDocuments
        title="Documents the agent will need before pickup"
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
  const counter = `${value.length.toLocaleString("en-US")} / ${DESCRIPTION_MAX.toLocaleString("en-US")}`;
  return (
    <TextField
      label="Detailed product description"
      required
      multiline
      minRows={3}
      maxRows={12}
      placeholder="Materials, sizes, variants and what the goods are used for"
      {...register("compliance.detailed_product_description")}
      error={!!error}
      helperText={
        <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
          <span>{error?.message}</span>
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
  return (
    <FormSection id="compliance" title="Compliance" {...section}>
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
            const message = fieldState.error?.message ?? errors.compliance?.compliance?.message;
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
        <DocumentsToPrepare />
        {text(
          "compliance.additional_notes",
          "Additional notes",
          errors.compliance?.additional_notes,
          { required: false, multiline: true },
        )}
      </Stack>
    </FormSection>
  );
}
