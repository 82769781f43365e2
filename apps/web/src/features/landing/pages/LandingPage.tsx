import { Link as RouterLink, useNavigate } from "react-router";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import EditNoteIcon from "@mui/icons-material/EditNote";
import GavelIcon from "@mui/icons-material/Gavel";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
import FacebookIcon from "@mui/icons-material/Facebook";
import LinkedInIcon from "@mui/icons-material/LinkedIn";
import XIcon from "@mui/icons-material/X";
import InstagramIcon from "@mui/icons-material/Instagram";
import { Trans } from "react-i18next";
import { PRODUCT_NAME } from "@fba/contract/constants";
import { BrandLogo } from "../../../components/BrandLogo";
import { authStorage } from "../../../lib/auth-storage";
import { useCurrentUser } from "../../../lib/session";
import { BidPreviewCard } from "../components/BidPreviewCard";
import { BidWindowText } from "../../../components/BidWindowText";
import { scrollToHowItWorks } from "../how-it-works";
import { paths, homePathFor } from "../../../app/paths";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import { useLandingT } from "../i18n";

/** The five steps, worded as the spec gives them (the English catalog holds the spec's words). */
const STEPS = [
  { key: "form", icon: <EditNoteIcon /> },
  { key: "bids", icon: <GavelIcon /> },
  { key: "accept", icon: <TaskAltIcon /> },
  { key: "chat", icon: <ForumOutlinedIcon /> },
  { key: "delivery", icon: <LocalShippingOutlinedIcon /> },
] as const;

const SOCIAL_LINKS = [
  { network: "LinkedIn", href: "https://www.linkedin.com/", icon: <LinkedInIcon /> },
  { network: "X", href: "https://x.com/", icon: <XIcon /> },
  { network: "Facebook", href: "https://www.facebook.com/", icon: <FacebookIcon /> },
  { network: "Instagram", href: "https://www.instagram.com/", icon: <InstagramIcon /> },
];

export default function LandingPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { t } = useLandingT();
  const getStarted = () => {
    const signedIn = Boolean(authStorage.getAccessToken() && user);
    void navigate(signedIn ? homePathFor(user?.groups) : paths.login);
  };

  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        bgcolor: "background.paper",
      }}
    >
      <AppBar
        position="sticky"
        component="header"
        sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "rgba(255,255,255,0.94)" }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 60, sm: 68 } }}>
            <Link
              component={RouterLink}
              to="/"
              aria-label={t("nav.home", { brand: PRODUCT_NAME })}
              underline="none"
              sx={{ display: "inline-flex", mr: "auto" }}
            >
              <BrandLogo compact />
            </Link>
            <Box
              component="nav"
              aria-label={t("nav.label")}
              sx={{ display: "flex", alignItems: "center", gap: { xs: 0.5, sm: 1.5 } }}
            >
              <LanguageSwitch compact />
              <Button
                href="#how-it-works"
                onClick={scrollToHowItWorks}
                color="inherit"
                sx={{
                  px: { xs: 1, sm: 1.5 },
                  whiteSpace: "nowrap",
                  display: { xs: "none", sm: "inline-flex" },
                }}
              >
                {t("nav.howItWorks")}
              </Button>
              <Button
                component={RouterLink}
                to={paths.signup}
                variant="outlined"
                sx={{ whiteSpace: "nowrap", px: { xs: 1.25, sm: 2 } }}
              >
                {t("nav.signUp")}
              </Button>
              <Button
                component={RouterLink}
                to={paths.login}
                variant="contained"
                sx={{ whiteSpace: "nowrap", px: { xs: 1.25, sm: 2 } }}
              >
                {t("nav.logIn")}
              </Button>
            </Box>
          </Toolbar>
        </Container>
      </AppBar>

      <Box component="main" sx={{ flex: 1 }}>
        <Box
          component="section"
          aria-labelledby="hero-heading"
          sx={{
            color: "common.white",
            background:
              "radial-gradient(1200px 500px at 85% -10%, rgba(255,143,0,0.25), transparent 60%), linear-gradient(135deg, #072a66 0%, #0b3d91 55%, #1655b8 100%)",
            py: { xs: 6, md: 10 },
          }}
        >
          <Container maxWidth="lg">
            <Box
              sx={{
                display: "grid",
                gridTemplateColumns: { xs: "1fr", md: "1.1fr 0.9fr" },
                gap: { xs: 5, md: 6 },
                alignItems: "center",
              }}
            >
              <Box>
                <Typography
                  variant="overline"
                  component="p"
                  sx={{
                    color: "#ffc774",
                    fontWeight: 700,
                    letterSpacing: "0.12em",
                    lineHeight: 1.6,
                  }}
                >
                  {t("hero.eyebrow")}
                </Typography>
                <Typography
                  id="hero-heading"
                  variant="h1"
                  sx={{ fontSize: { xs: "2.25rem", sm: "3rem", md: "3.5rem" }, mt: 1, mb: 2 }}
                >
                  {t("hero.heading")}
                </Typography>
                <Typography
                  sx={{
                    fontSize: { xs: "1.05rem", md: "1.2rem" },
                    color: "rgba(255,255,255,0.88)",
                    maxWidth: 560,
                    mb: 4,
                  }}
                >
                  <Trans t={t} i18nKey="hero.text" components={{ window: <BidWindowText /> }} />
                </Typography>
                <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
                  <Button
                    variant="contained"
                    color="secondary"
                    size="large"
                    onClick={getStarted}
                    data-get-started=""
                    sx={{ px: 4 }}
                  >
                    {t("hero.getStarted")}
                  </Button>
                  <Button
                    href="#how-it-works"
                    onClick={scrollToHowItWorks}
                    size="large"
                    variant="outlined"
                    sx={{
                      color: "common.white",
                      borderColor: "rgba(255,255,255,0.6)",
                      "&:hover": { borderColor: "common.white", bgcolor: "rgba(255,255,255,0.08)" },
                    }}
                  >
                    {t("hero.seeSteps")}
                  </Button>
                </Stack>
              </Box>
              <BidPreviewCard />
            </Box>
          </Container>
        </Box>

        <Box
          component="section"
          id="how-it-works"
          tabIndex={-1}
          aria-labelledby="how-it-works-heading"
          sx={{ py: { xs: 7, md: 10 }, scrollMarginTop: 72, outline: "none" }}
        >
          <Container maxWidth="lg">
            <Typography
              id="how-it-works-heading"
              variant="h2"
              sx={{ fontSize: { xs: "1.9rem", md: "2.5rem" }, textAlign: "center" }}
            >
              {t("steps.heading")}
            </Typography>
            <Typography
              sx={{
                color: "text.secondary",
                textAlign: "center",
                maxWidth: 620,
                mx: "auto",
                mt: 1.5,
                mb: { xs: 4, md: 6 },
              }}
            >
              {t("steps.intro")}
            </Typography>
            <Box
              component="ol"
              sx={{
                listStyle: "none",
                p: 0,
                m: 0,
                display: "grid",
                gap: 2.5,
                gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(5, 1fr)" },
              }}
            >
              {STEPS.map((step, index) => (
                <Box
                  component="li"
                  key={step.key}
                  sx={{
                    p: 3,
                    borderRadius: 3,
                    border: 1,
                    borderColor: "divider",
                    bgcolor: "background.default",
                    display: "flex",
                    flexDirection: "column",
                    gap: 1.5,
                  }}
                >
                  <Stack direction="row" sx={{ alignItems: "center", gap: 1.5 }}>
                    <Box
                      aria-hidden="true"
                      sx={{
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        display: "grid",
                        placeItems: "center",
                        bgcolor: "primary.main",
                        color: "common.white",
                      }}
                    >
                      {step.icon}
                    </Box>
                    <Typography variant="overline" sx={{ color: "primary.main", fontWeight: 700 }}>
                      {t("steps.step", { number: index + 1 })}
                    </Typography>
                  </Stack>
                  <Typography variant="h3" sx={{ fontSize: "1.1rem", lineHeight: 1.35 }}>
                    {t(`steps.${step.key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: "text.secondary" }}>
                    {step.key === "bids" ? (
                      <Trans
                        t={t}
                        i18nKey="steps.bids.text"
                        components={{ window: <BidWindowText form="adjective" /> }}
                      />
                    ) : (
                      t(`steps.${step.key}.text`)
                    )}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box sx={{ textAlign: "center", mt: { xs: 5, md: 7 } }}>
              <Button
                variant="contained"
                size="large"
                onClick={getStarted}
                data-get-started=""
                sx={{ px: 4 }}
              >
                {t("steps.cta")}
              </Button>
            </Box>
          </Container>
        </Box>
      </Box>

      <Box component="footer" sx={{ bgcolor: "#0a1a33", color: "rgba(255,255,255,0.85)", py: 4 }}>
        <Container
          maxWidth="lg"
          sx={{
            display: "flex",
            flexDirection: { xs: "column", sm: "row" },
            alignItems: "center",
            justifyContent: "space-between",
            gap: 2,
          }}
        >
          <Stack
            direction={{ xs: "column", sm: "row" }}
            sx={{ alignItems: "center", gap: { xs: 1, sm: 2 } }}
          >
            <BrandLogo inverted size="small" />
            <Typography variant="body2">
              <Trans
                t={t}
                i18nKey="footer.rights"
                values={{ brand: PRODUCT_NAME }}
                components={{
                  year: <span data-current-year="">{String(new Date().getFullYear())}</span>,
                }}
              />
            </Typography>
          </Stack>
          <Stack component="ul" direction="row" sx={{ listStyle: "none", p: 0, m: 0, gap: 0.5 }}>
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <IconButton
                  component="a"
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("footer.social", { brand: PRODUCT_NAME, network: social.network })}
                  sx={{
                    color: "inherit",
                    "&:hover": { color: "common.white", bgcolor: "rgba(255,255,255,0.08)" },
                  }}
                >
                  {social.icon}
                </IconButton>
              </li>
            ))}
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
