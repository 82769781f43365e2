import { createTheme } from "@mui/material/styles";

const navy = "#0b3d91";
/**
 * Whether the reader asked the system for less motion (read once, as the theme is made): then
 * nothing slides, fades, ripples or pulses, and spinners and skeletons stand still.
 */
const reduceMotion =
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  Boolean(window.matchMedia("(prefers-reduced-motion: reduce)")?.matches);
const still = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};
const ink = "#0f1b2d";

/** The product's one theme: navy primary, amber accent, quiet surfaces, 768 px tablet breakpoint. */
export const theme = createTheme({
  palette: {
    primary: { main: navy, light: "#3d63b0", dark: "#072a66", contrastText: "#ffffff" },
    secondary: { main: "#ff8f00", contrastText: ink },
    success: { main: "#1b7f4b" },
    error: { main: "#c62828" },
    warning: { main: "#b45309" },
    info: { main: "#0369a1" },
    text: { primary: ink, secondary: "#4a5568" },
    background: { default: "#f5f7fb", paper: "#ffffff" },
    divider: "#e3e8f0",
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontWeight: 800, letterSpacing: "-0.02em" },
    h2: { fontWeight: 800, letterSpacing: "-0.015em" },
    h3: { fontWeight: 700, letterSpacing: "-0.01em" },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    subtitle1: { fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 768, lg: 1200, xl: 1536 } },
  ...(reduceMotion ? { transitions: { create: () => "none", duration: still } } : {}),
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: reduceMotion } },
    // MUI's CSS animations the theme's transitions do not reach (a spinner's turn, a skeleton's
    // pulse, a progress bar's sweep). Only MUI's: a toast closes when its timer bar's animation
    // ends, so that one keeps its length.
    MuiCssBaseline: {
      styleOverrides: {
        "@media (prefers-reduced-motion: reduce)": {
          "[class*='Mui'], [class*='Mui']::before, [class*='Mui']::after": {
            animationDuration: "0s !important",
            animationIterationCount: "1 !important",
          },
        },
      },
    },
    // The app renders only in the browser: read media queries in the first render, so a phone
    // layout does not first paint as the desktop one and then shift.
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8 },
        sizeLarge: { padding: "10px 22px", fontSize: "1rem" },
      },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: "inherit" } },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: 12 } },
    },
    MuiCard: {
      defaultProps: { variant: "outlined" },
      styleOverrides: { root: { borderRadius: 12 } },
    },
    MuiLink: { defaultProps: { underline: "hover" } },
    MuiTextField: { defaultProps: { variant: "outlined" } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          "&.Mui-selected": {
            backgroundColor: "rgba(11, 61, 145, 0.10)",
            color: navy,
            "& .MuiListItemIcon-root": { color: navy },
          },
          "&.Mui-selected:hover": { backgroundColor: "rgba(11, 61, 145, 0.14)" },
        },
      },
    },
  },
});
