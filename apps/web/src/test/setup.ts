import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  // Tests of build-time code run in Node (@vitest-environment node), without browser storage.
  if (typeof localStorage !== "undefined") localStorage.clear();
});
