import { lazy, Suspense } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { RouterProvider } from "react-router";
import { router } from "./router";
import { theme } from "./theme";

const ToastHost = lazy(() => import("./ToastHost"));

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </ThemeProvider>
  );
}
