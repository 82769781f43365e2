import { Box, Chip, Typography } from "@mui/material";
import CheckCircle from "@mui/icons-material/CheckCircle";
import DescriptionOutlined from "@mui/icons-material/DescriptionOutlined";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { useEntitiesT, useEntitiesTranslate } from "../../../i18n/entities";
import { documentTypeLabel } from "../../../i18n/document-types";

/**
 * The documents the agent needs before pickup. Without `missing` it is the list to prepare (the
 * booking form); with it, a checklist saying of each whether it is uploaded or still missing.
 */
export function RequiredDocuments({
  title,
  required,
  missing,
}: {
  title: string;
  required: readonly string[];
  missing?: readonly string[];
}) {
  const { t } = useEntitiesT();
  const translate = useEntitiesTranslate();
  const headingId = `required-documents-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ display: "flex", flexWrap: "wrap", gap: 1, listStyle: "none", m: 0, p: 0 }}
      >
        {required.map((type) => {
          const isMissing = missing?.includes(type) ?? false;
          const checked = missing !== undefined;
          const name = documentTypeLabel(translate, type);
          return (
            <li key={type}>
              <Chip
                variant="outlined"
                color={!checked ? "default" : isMissing ? "warning" : "success"}
                icon={
                  !checked ? (
                    <DescriptionOutlined />
                  ) : isMissing ? (
                    <RadioButtonUnchecked />
                  ) : (
                    <CheckCircle />
                  )
                }
                label={
                  !checked
                    ? name
                    : t(isMissing ? "documents.isMissing" : "documents.isUploaded", { type: name })
                }
                sx={{ maxWidth: "100%" }}
              />
            </li>
          );
        })}
      </Box>
    </section>
  );
}
