import { Link as RouterLink, Navigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { authStorage } from "../../../lib/auth-storage";
import { useCurrentUser } from "../../../lib/session";
import { BrandLogo } from "../../../components/BrandLogo";
import { paths } from "../../../app/paths";

const ORDERS_BY_ROLE = {
  Seller: paths.seller.active,
  Shipper: paths.shipper.current,
  Admin: paths.admin.dashboard,
} as const;

/** A public shortcut to "my orders": signed-in users go to their list, visitors are asked to log in. */
export default function DefaultOrdersPage() {
  const user = useCurrentUser();
  if (authStorage.getAccessToken() && user) {
    return <Navigate to={ORDERS_BY_ROLE[user.groups]} replace />;
  }
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "grid",
        placeItems: "center",
        bgcolor: "background.default",
        p: 3,
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, textAlign: "center" }}>
        <BrandLogo />
        <Typography variant="h5" component="h1" sx={{ mt: 3, mb: 1 }}>
          Your orders
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 3 }}>
          Log in to see your shipments, bids and order chats.
        </Typography>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          Log in
        </Button>
      </Paper>
    </Box>
  );
}
