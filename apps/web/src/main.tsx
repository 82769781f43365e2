import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadRoute } from "./app/router";
import { startBehindFirstPaint } from "./lib/first-paint";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
startBehindFirstPaint(root);
preloadRoute(window.location.pathname);

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
