import type { ReactNode } from "react";
import { Box, Card, CardContent, Skeleton, Stack, Typography } from "@mui/material";

/**
 * One figure on the admin dashboard, with an optional second line of detail. A figure that could
 * not be loaded shows a dash, never a 0 (the page says why above the cards).
 */
export function CountCard({
  testId,
  label,
  value,
  detail,
  icon,
  isLoading,
}: {
  /** The figure's name in English, whatever the language shown (tests find it by it). */
  testId: string;
  label: string;
  value: number | undefined;
  detail?: string;
  icon: ReactNode;
  isLoading: boolean;
}) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              display: "grid",
              placeItems: "center",
              bgcolor: "primary.main",
              color: "primary.contrastText",
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
              {isLoading ? <Skeleton width={40} /> : (value ?? "–")}
            </Typography>
            {detail && !isLoading && (
              <Typography variant="caption" color="text.secondary">
                {detail}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
