import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { authStorage } from "../../../lib/auth-storage";
import { useCurrentUser } from "../../../lib/session";
import { BrandLogo } from "../../../components/BrandLogo";
import { homePathFor } from "../../../app/paths";
import { useCommonT } from "../../../i18n/namespaces";

export const NOT_FOUND_TEXT =
  "We couldn't find the page you were looking for. It might have been moved or deleted.";

/** Every unknown path. 'Return to home' leads to the signed-in role's dashboard, else home. */
export default function NotFoundPage() {
  const user = useCurrentUser();
  const home = authStorage.getAccessToken() && user ? homePathFor(user.groups) : "/";
  const { t } = useCommonT();
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        textAlign: "center",
        px: 3,
        py: 6,
        gap: 2,
        bgcolor: "background.default",
      }}
    >
      <RouterLink to="/" aria-label={t("notFound.brandHome")} style={{ textDecoration: "none" }}>
        <BrandLogo />
      </RouterLink>
      <Typography
        aria-hidden="true"
        sx={{
          fontSize: { xs: "5.5rem", md: "8rem" },
          fontWeight: 800,
          lineHeight: 1,
          mt: 3,
          color: "primary.main",
          letterSpacing: "-0.04em",
        }}
      >
        404
      </Typography>
      <Typography variant="h4" component="h1">
        {t("notFound.title")}
      </Typography>
      <Typography sx={{ color: "text.secondary", maxWidth: 460 }}>{t("notFound.text")}</Typography>
      <Button component={RouterLink} to={home} variant="contained" size="large" sx={{ mt: 1 }}>
        {t("notFound.home")}
      </Button>
    </Box>
  );
}
