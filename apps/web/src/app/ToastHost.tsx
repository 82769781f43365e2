import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { TOAST_AUTO_CLOSE_MS } from "@fba/contract/constants";

/** Toasts sit bottom-right, dark, and close after 2 seconds. Loaded after the first paint. */
export default function ToastHost() {
  return (
    <ToastContainer
      position="bottom-right"
      theme="dark"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      limit={4}
    />
  );
}
