import { describe, expect, it } from "vitest";
import { missingServices } from "./required-services.js";

const both = { TEST_DATABASE_URL: "postgres://db", REDIS_URL: "redis://cache" };

describe("services a CI run must have", () => {
  it.each([
    ["outside CI, nothing is required", {}, []],
    ["CI=false is outside CI", { CI: "false" }, []],
    ["CI=0 is outside CI", { CI: "0" }, []],
    ["CI with both", { CI: "true", ...both }, []],
    ["CI without PostgreSQL", { CI: "true", REDIS_URL: both.REDIS_URL }, ["TEST_DATABASE_URL"]],
    ["CI without Redis", { CI: "1", TEST_DATABASE_URL: both.TEST_DATABASE_URL }, ["REDIS_URL"]],
    ["CI with neither", { CI: "true" }, ["TEST_DATABASE_URL", "REDIS_URL"]],
    ["an empty URL is missing", { CI: "true", ...both, REDIS_URL: "" }, ["REDIS_URL"]],
  ])("%s", (_case, env: Record<string, string>, missing) => {
    expect(missingServices(env)).toEqual(missing);
  });
});
