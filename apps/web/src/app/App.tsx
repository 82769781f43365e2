import { lazy, Suspense, useSyncExternalStore } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
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
