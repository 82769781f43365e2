import type { ReactNode } from "react";
import { Trans } from "react-i18next";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import { PRODUCT_NAME } from "@fba/contract/constants";
import { BrandLogo } from "../../../components/BrandLogo";
import { BidWindowText } from "../../../components/BidWindowText";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import { useAuthT } from "../i18n";

const HIGHLIGHTS = ["bids", "lowest", "chat"] as const;

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** Split screen for the account pages: brand panel on wide screens, the form on the right. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useAuthT();
  const home = t("layout.home", { brand: PRODUCT_NAME });
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "grid",
        gridTemplateColumns: { xs: "1fr", md: "minmax(320px, 5fr) 7fr" },
        bgcolor: "background.paper",
      }}
    >
      <Box
        component="aside"
        sx={{
          display: { xs: "none", md: "flex" },
          flexDirection: "column",
          justifyContent: "space-between",
          p: 5,
          color: "common.white",
          background:
            "radial-gradient(800px 400px at 100% 0%, rgba(255,143,0,0.22), transparent 60%), linear-gradient(160deg, #072a66 0%, #0b3d91 60%, #1655b8 100%)",
        }}
      >
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <RouterLink to="/" aria-label={home} style={{ textDecoration: "none" }}>
            <BrandLogo inverted />
          </RouterLink>
          <LanguageSwitch inverted />
        </Box>
        <Box>
          <Typography variant="h4" component="p" sx={{ fontWeight: 800, mb: 3, maxWidth: 420 }}>
            {t("layout.pitch")}
          </Typography>
          <Stack component="ul" sx={{ listStyle: "none", p: 0, m: 0, gap: 1.5 }}>
            {HIGHLIGHTS.map((key) => (
              <Stack
                component="li"
                direction="row"
                key={key}
                sx={{ gap: 1.5, alignItems: "center" }}
              >
                <CheckCircleOutlineIcon sx={{ color: "#ffc774" }} aria-hidden="true" />
                <Typography>
                  {key === "bids" ? (
                    <Trans t={t} i18nKey="layout.bids" components={{ window: <BidWindowText /> }} />
                  ) : (
                    t(`layout.${key}`)
                  )}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ color: "rgba(255,255,255,0.75)" }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          px: { xs: 2.5, sm: 4 },
          py: { xs: 4, sm: 6 },
        }}
      >
        <Box sx={{ width: "100%", maxWidth: 440 }}>
          <Box
            sx={{
              display: { xs: "flex", md: "none" },
              alignItems: "center",
              justifyContent: "space-between",
              mb: 4,
            }}
          >
            <RouterLink to="/" aria-label={home} style={{ textDecoration: "none" }}>
              <BrandLogo />
            </RouterLink>
            <LanguageSwitch compact />
          </Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2rem" } }}>
            {title}
          </Typography>
          <Typography sx={{ color: "text.secondary", mt: 0.5, mb: 3 }}>{subtitle}</Typography>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
