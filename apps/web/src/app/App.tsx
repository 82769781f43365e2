import { lazy, Suspense, useSyncExternalStore } from "react";
import CssBaseline from "@mui/material/CssBaseline";
// The theme provider MUI's own uses for a theme without CSS variables, as this one is: MUI's
// (from @mui/material/styles) would bring the CSS variables' provider into the entry too.
import { ThemeProvider } from "@mui/system";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./router";
import { toastHost } from "../lib/toast";
import { theme } from "./theme";

const ToastHost = lazy(() => import("./ToastHost"));

export function App() {
  const toastsWanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, () => false);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
