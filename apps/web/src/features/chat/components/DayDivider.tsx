import { Divider, Typography } from "@mui/material";

export function DayDivider({ label }: { label: string }) {
  return (
    <Divider sx={{ my: 1.5 }} role="separator" aria-label={label}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </Divider>
  );
}
