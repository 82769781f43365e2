import { Paper, Typography } from "@mui/material";

/** Temporary content for a route whose screen is not built yet. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
    </Paper>
  );
}
