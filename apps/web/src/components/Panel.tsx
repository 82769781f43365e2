import { useId, type ReactNode } from "react";
import { Box, Paper, Stack, Typography } from "@mui/material";

/** A titled section of a detail page. */
export function Panel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  // From React, not the title: a Chinese title has no Latin letters to make an id of.
  const id = `panel-${useId()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Stack
        direction="row"
        sx={{ mb: 1.5, alignItems: "center", justifyContent: "space-between" }}
      >
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

const labelValueRow = { display: "flex", justifyContent: "space-between", gap: 2, py: 0.25 };

/** One line of a phone card (inside a `dl`): a column's label and the row's value. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={labelValueRow}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, textAlign: "right", overflowWrap: "anywhere" }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** A phone card: a list item holding CardFields. */
export const phoneCard = { listStyle: "none", p: 1.5 } as const;
