import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config as zodConfig } from "zod/v4/core";
import { App } from "./app/App";
import { preloadRoute } from "./app/router";

// Before any schema is built: zod then validates without generating code at run time, which the
// Content-Security-Policy (no 'unsafe-eval') forbids, and does not even probe for it.
zodConfig({ jitless: true });
preloadRoute(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
// The first render as a transition: React then renders in slices of a few milliseconds, giving
// the browser its turn between them, instead of one long task a phone cannot answer input during.
const reactRoot = createRoot(root);
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
