import type { ReactNode } from "react";
import { Stack, Typography } from "@mui/material";
import { useRevealApp } from "../lib/first-paint";

/** A page's title and actions; a page showing it has its content in (see lib/first-paint.ts). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useRevealApp();
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={1.5}
      sx={{ mb: 2, alignItems: { xs: "stretch", sm: "center" }, justifyContent: "space-between" }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
