import { List, ListItem, ListItemIcon, ListItemText, Typography } from "@mui/material";
import CheckCircle from "@mui/icons-material/CheckCircle";
import DescriptionOutlined from "@mui/icons-material/DescriptionOutlined";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";

/**
 * The documents the agent needs before pickup. Without `missing` it is the list to prepare (the
 * booking form); with it, a checklist of what is uploaded and what is still missing.
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
  const headingId = `required-documents-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      <List dense disablePadding aria-labelledby={headingId}>
        {required.map((type) => {
          const isMissing = missing?.includes(type);
          const state = missing === undefined ? undefined : isMissing ? "Missing" : "Uploaded";
          return (
            <ListItem key={type} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {state === undefined ? (
                  <DescriptionOutlined fontSize="small" color="action" />
                ) : isMissing ? (
                  <RadioButtonUnchecked fontSize="small" color="warning" />
                ) : (
                  <CheckCircle fontSize="small" color="success" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={type}
                secondary={state}
                slotProps={{
                  secondary: { color: isMissing ? "warning.dark" : "success.dark" },
                }}
              />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
