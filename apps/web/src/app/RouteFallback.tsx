import { Box, CircularProgress } from "@mui/material";

export function RouteFallback() {
  return (
    <Box
      sx={{ display: "flex", justifyContent: "center", p: 6 }}
      role="progressbar"
      aria-label="Loading"
    >
      <CircularProgress />
    </Box>
  );
}
