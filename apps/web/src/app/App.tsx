import { lazy, Suspense, useSyncExternalStore } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { RouterProvider } from "react-router";
import { router } from "./router";
import { toastHost } from "../lib/toast";
import { theme } from "./theme";

const ToastHost = lazy(() => import("./ToastHost"));

export function App() {
  const toastsWanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, () => false);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
