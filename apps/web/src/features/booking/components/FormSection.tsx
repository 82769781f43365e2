import type { ReactNode } from "react";
import { Accordion, AccordionDetails, AccordionSummary, Typography } from "@mui/material";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import { useBookingT } from "../i18n";

/** A collapsible section of the booking form; flags itself when it holds an error. */
export function FormSection({
  id,
  title,
  expanded,
  onToggle,
  hasError,
  children,
}: {
  id: string;
  title: string;
  expanded: boolean;
  onToggle: () => void;
  hasError: boolean;
  children: ReactNode;
}) {
  const { t } = useBookingT();
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, "&::before": { display: "none" } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
      >
        <Typography
          variant="h6"
          component="h2"
          sx={{ display: "flex", alignItems: "center", gap: 1 }}
        >
          {title}
          {hasError && (
            <ErrorOutline color="error" fontSize="small" aria-label={t("sections.hasErrors")} />
          )}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
