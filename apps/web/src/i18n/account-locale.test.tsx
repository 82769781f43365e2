import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { FakeSocket, fakeFetch } from "../test/fake-socket";
import { renderRoute, setViewport } from "../test/render-route";
import { i18n } from "./i18n";
import AppLayout from "../app/routes/AppLayout";

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("fetch", vi.fn(fakeFetch({ "chat/notifications": () => [] })));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe("the account's language", { timeout: 30_000 }, () => {
  it("is applied once signed in, whatever this device had", async () => {
    setViewport(1440);
    localStorage.setItem("fba.locale", "en");
    localStorage.setItem("AUTH_TOKEN", "token-for-tests");
    localStorage.setItem(
      "USER_DETAILS",
      JSON.stringify({
        id: 3,
        first_name: "芳",
        last_name: "王",
        email: "wang@example.com",
        groups: "Seller",
        image: null,
        profile: { phone: null, company_name: null },
        locale: "zh-CN",
      }),
    );
    renderRoute(<AppLayout />, { path: "/seller/dashboard" });
    expect(await screen.findByRole("navigation", { name: "主菜单" })).toBeInTheDocument();
    expect(localStorage.getItem("fba.locale")).toBe("zh-CN");
    expect(document.documentElement.lang).toBe("zh-CN");
  });
});
