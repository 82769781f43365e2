import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
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
