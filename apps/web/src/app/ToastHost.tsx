import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { TOAST_AUTO_CLOSE_MS } from "@fba/contract/constants";

/**
 * Toasts sit bottom-right, dark, and close after 2 seconds. Under the 768 px breakpoint they sit
 * at the top instead, where they do not cover a chat's message box or a form's buttons. Loaded
 * with the first toast (see lib/toast.ts), so no page's first download includes it.
 */
export default function ToastHost() {
  const isPhone = useMediaQuery(useTheme().breakpoints.down("md"));
  return (
    <ToastContainer
      position={isPhone ? "top-center" : "bottom-right"}
      theme="dark"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      limit={4}
    />
  );
}
