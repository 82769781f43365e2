import { describe, expect, it } from "vitest";
import { adminMessages, adminUpdateUserInputSchema, adminUserListQuerySchema } from "./admin.js";
import { profileMessages } from "./profile.js";

describe("adminUpdateUserInputSchema", () => {
  it("reads is_active from JSON or text", () => {
    expect(adminUpdateUserInputSchema.parse({ is_active: false }).is_active).toBe(false);
    expect(adminUpdateUserInputSchema.parse({ is_active: "true" }).is_active).toBe(true);
  });

  it("requires is_active and refuses other values", () => {
    expect(adminUpdateUserInputSchema.safeParse({}).error?.issues[0]?.message).toBe(
      adminMessages.isActiveRequired,
    );
    expect(adminUpdateUserInputSchema.safeParse({ is_active: "x" }).error?.issues[0]?.message).toBe(
      profileMessages.booleanInvalid,
    );
  });
});

describe("adminUserListQuerySchema", () => {
  it("filters by group and ignores empty values", () => {
    expect(adminUserListQuerySchema.parse({ group: "Shipper" }).group).toBe("Shipper");
    expect(adminUserListQuerySchema.parse({ group: "" }).group).toBeUndefined();
    expect(adminUserListQuerySchema.safeParse({ group: "Root" }).error?.issues[0]?.message).toBe(
      adminMessages.groupInvalid,
    );
  });
});
