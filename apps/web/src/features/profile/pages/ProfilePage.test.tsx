import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { AdminUser, Me } from "@fba/contract";
import { fakeApi, renderRoute, success } from "../../../test/fake-api";
import { setViewport } from "../../../test/render-route";
import AdminUsersPage from "../../admin/pages/AdminUsersPage";
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

  it("the admins' users list has a Storage column", async () => {
    setViewport(1440);
    const user: AdminUser = {
      ...me,
      created_at: "2026-11-20T10:00:00Z",
      scorecard: null,
      storage_used_bytes: Math.round(1.2 * GB),
    };
    fakeApi({
      "GET admin/users/": {
        body: {
          status: "success",
          status_code: 200,
          message: "OK",
          data: [user],
          pagination_option: { page: 1, pages: 1, per_page: 50, count: 1 },
        },
      },
    });
    renderRoute(<AdminUsersPage />);
    const table = await screen.findByRole("table", { name: "Users" });
    const header = within(table).getByRole("columnheader", { name: "Storage" });
    const row = (
      await within(table).findByText("ada@example.com", undefined, { timeout: 10_000 })
    ).closest("tr")!;
    const column = [...header.parentElement!.children].indexOf(header);
    expect(row.children[column]).toHaveTextContent("1.2 GB");
  });
});
