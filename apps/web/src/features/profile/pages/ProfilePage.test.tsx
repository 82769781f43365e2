import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { i18n } from "../../../i18n/i18n";
import type { Me } from "@fba/contract";
import { fakeApi, renderRoute, success } from "../../../test/fake-api";
import ProfilePage from "./ProfilePage";

afterEach(() => vi.unstubAllGlobals());

const GB = 1024 ** 3;

const me: Me = {
  id: 4,
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  groups: "Seller",
  image: null,
  profile: { phone: null, company_name: null },
  email_notifications: true,
  milestone_emails: true,
  is_active: true,
  storage: { used_bytes: Math.round(1.2 * GB), quota_bytes: 2 * GB },
};

describe("storage use", { timeout: 30_000 }, () => {
  it("the profile shows the account's use against its quota, with a bar", async () => {
    fakeApi({ "GET auth/v1/me/": success(me) });
    renderRoute(<ProfilePage />);
    const section = await screen.findByRole("region", { name: "Storage" }, { timeout: 10_000 });
    expect(within(section).getByText("1.2 GB of 2 GB used")).toBeInTheDocument();
    const bar = within(section).getByRole("progressbar", { name: "Storage used" });
    expect(bar).toHaveAttribute("aria-valuenow", "60");
    expect(bar).toHaveAttribute("aria-valuetext", "1.2 GB of 2 GB used");
  });

  it("without a quota the profile shows the use alone", async () => {
    fakeApi({
      "GET auth/v1/me/": success({
        ...me,
        storage: { used_bytes: 80 * 1024 ** 2, quota_bytes: null },
      }),
    });
    renderRoute(<ProfilePage />);
    const section = await screen.findByRole("region", { name: "Storage" }, { timeout: 10_000 });
    expect(within(section).getByText("80 MB used")).toBeInTheDocument();
    expect(within(section).queryByRole("progressbar")).toBeNull();
  });
});

describe("language", { timeout: 30_000 }, () => {
  it("choosing Simplified Chinese shows the app in it and stores it on the account", async () => {
    localStorage.setItem("AUTH_TOKEN", "token-for-tests");
    localStorage.setItem("USER_DETAILS", JSON.stringify({ ...me, locale: null }));
    const { calls } = fakeApi({
      "GET auth/v1/me/": success(me),
      "PATCH auth/update-profile/": success({ ...me, locale: "zh-CN" }),
    });
    renderRoute(<ProfilePage />);
    const group = await screen.findByRole("radiogroup", { name: "Language" }, { timeout: 10_000 });
    expect(within(group).getByRole("radio", { name: "English" })).toBeChecked();
    await userEvent.click(within(group).getByRole("radio", { name: "简体中文" }));
    // The section itself now reads in Chinese, and the account has the choice.
    expect(await screen.findByRole("radiogroup", { name: "语言" })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      path: "auth/update-profile/",
      body: { locale: "zh-CN" },
    });
    expect(localStorage.getItem("fba.locale")).toBe("zh-CN");
    expect(JSON.parse(localStorage.getItem("USER_DETAILS") ?? "{}").locale).toBe("zh-CN");
    await i18n.changeLanguage("en");
  });
});
