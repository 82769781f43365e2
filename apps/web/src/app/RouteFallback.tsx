import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { failureText } from "./failure-texts";

export function RouteFallback() {
  return (
    <Box
      sx={{ display: "flex", justifyContent: "center", alignItems: "center", p: 6, minHeight: 200 }}
      role="progressbar"
      aria-label={failureText("loading")}
    >
      <CircularProgress />
    </Box>
  );
}
