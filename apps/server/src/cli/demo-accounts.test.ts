import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { DEMO_ACCOUNTS, demoAccountsDecision, formatDemoBanner } from "./demo-accounts.js";

const decide = (env: Record<string, string>) => demoAccountsDecision(loadConfig(env));
const POSTGRES = "postgres://app@db.example.com:5432/fba";

describe("when the demo accounts are created", () => {
  it("creates them on the embedded database outside production", () => {
    const decision = decide({});
    expect(decision.create).toBe(true);
    expect(decision.reason).toMatch(/embedded database/);
  });

  it("never creates them on DATABASE_URL without SEED_DEMO, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      const decision = decide({ NODE_ENV, DATABASE_URL: POSTGRES });
      expect(decision.create, NODE_ENV).toBe(false);
      expect(decision.reason).toMatch(/DATABASE_URL/);
      expect(decision.reason).toMatch(/SEED_DEMO=true/);
    }
  });

  it("does not create them in production on the embedded database either", () => {
    const decision = decide({ NODE_ENV: "production" });
    expect(decision.create).toBe(false);
    expect(decision.reason).toMatch(/NODE_ENV=production/);
  });

  it("creates them anywhere with SEED_DEMO=true", () => {
    for (const env of [{ SEED_DEMO: "true", DATABASE_URL: POSTGRES, NODE_ENV: "production" }]) {
      const decision = decide(env);
      expect(decision.create).toBe(true);
      expect(decision.reason).toMatch(/SEED_DEMO=true/);
    }
  });

  it("prints the three sign-ins and why they exist", () => {
    const banner = formatDemoBanner(
      "http://localhost:3000",
      DEMO_ACCOUNTS.map((account) => ({ ...account, created: true })),
      "embedded database",
    );
    for (const account of DEMO_ACCOUNTS) {
      expect(banner).toContain(account.email);
      expect(banner).toContain(account.password);
    }
    expect(banner).toContain("embedded database");
  });
});
