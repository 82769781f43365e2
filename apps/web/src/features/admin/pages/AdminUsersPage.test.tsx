import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { AdminUser } from "@fba/contract";
import { fakeApi, renderRoute } from "../../../test/fake-api";
import { setViewport } from "../../../test/render-route";
import AdminUsersPage from "./AdminUsersPage";

afterEach(() => vi.unstubAllGlobals());

const GB = 1024 ** 3;

const me = {
  id: 4,
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  groups: "Seller" as const,
  image: null,
  profile: { phone: null, company_name: null },
  email_notifications: true,
  milestone_emails: true,
  is_active: true,
};

describe("the admins' users list", { timeout: 30_000 }, () => {
  it("shows each account's storage use in a Storage column", async () => {
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
