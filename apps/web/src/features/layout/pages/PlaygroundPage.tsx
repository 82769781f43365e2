import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import { SHIPMENT_STATUSES } from "@fba/contract/constants";
import { BrandLogo } from "../../../components/BrandLogo";

/** A public style sheet of the product's building blocks, for design review. */
export default function PlaygroundPage() {
  const theme = useTheme();
  const swatches = [
    { name: "Primary", color: theme.palette.primary.main },
    { name: "Accent", color: theme.palette.secondary.main },
    { name: "Success", color: theme.palette.success.main },
    { name: "Error", color: theme.palette.error.main },
    { name: "Background", color: theme.palette.background.default },
  ];
  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", py: 5 }}>
      <Container maxWidth="md">
        <Stack
          direction="row"
          sx={{ justifyContent: "space-between", alignItems: "center", mb: 4 }}
        >
          <RouterLink to="/" aria-label="FBA Freight home" style={{ textDecoration: "none" }}>
            <BrandLogo />
          </RouterLink>
          <Button component={RouterLink} to="/">
            Back to home
          </Button>
        </Stack>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          Playground
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 4 }}>
          The colours, buttons and status labels used across the product.
        </Typography>
        <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Colours
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
            {swatches.map((swatch) => (
              <Box key={swatch.name} sx={{ width: 110 }}>
                <Box
                  sx={{
                    height: 56,
                    borderRadius: 2,
                    bgcolor: swatch.color,
                    border: 1,
                    borderColor: "divider",
                  }}
                />
                <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
                  {swatch.name}
                </Typography>
                <Typography variant="caption" sx={{ color: "text.secondary" }}>
                  {swatch.color}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Buttons
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
            <Button variant="contained">Primary</Button>
            <Button variant="contained" color="secondary">
              Accent
            </Button>
            <Button variant="outlined">Outlined</Button>
            <Button>Text</Button>
            <Button variant="contained" disabled>
              Disabled
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Shipment statuses
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            {SHIPMENT_STATUSES.map((status) => (
              <Chip key={status} label={status} variant="outlined" />
            ))}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
