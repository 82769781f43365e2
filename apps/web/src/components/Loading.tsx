import { Box, CircularProgress } from "@mui/material";
import { useComponentsT } from "./i18n";

export function Loading() {
  const { t } = useComponentsT();
  return (
    <Box sx={{ display: "grid", placeItems: "center", py: 8 }}>
      <CircularProgress aria-label={t("loading")} />
    </Box>
  );
}
