import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after this long (1 s by default): on a busy 2-core machine a form
// of MUI fields can take longer than that to render an answer, and a wait that ends early fails
// a test that would have passed a moment later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Tests of build-time code run in Node (@vitest-environment node), without browser storage.
  if (typeof localStorage !== "undefined") localStorage.clear();
});
