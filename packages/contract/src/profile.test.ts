import { describe, expect, it } from "vitest";
import { normalizePhone, profileMessages, updateProfileInputSchema } from "./profile.js";

function errorsOf(input: unknown): Record<string, string> {
  const result = updateProfileInputSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("updateProfileInputSchema: names", () => {
  it("leaves absent names untouched and requires present ones", () => {
    expect(updateProfileInputSchema.parse({}).first_name).toBeUndefined();
    expect(errorsOf({ first_name: "", last_name: "  " })).toEqual({
      first_name: profileMessages.firstNameRequired,
      last_name: profileMessages.lastNameRequired,
    });
  });

  it("uses the spec's name messages", () => {
    expect(errorsOf({ first_name: "J0hn" }).first_name).toBe(profileMessages.nameLetters);
    expect(errorsOf({ first_name: "J" }).first_name).toBe(profileMessages.nameMin);
    expect(errorsOf({ last_name: "a".repeat(51) }).last_name).toBe(profileMessages.nameMax);
    expect(updateProfileInputSchema.parse({ first_name: " Mary Ann " }).first_name).toBe(
      "Mary Ann",
    );
  });
});

describe("updateProfileInputSchema: phone", () => {
  it("strips brackets, spaces and hyphens", () => {
    expect(normalizePhone("+1 (555) 123-4567")).toBe("+15551234567");
    expect(updateProfileInputSchema.parse({ phone: "+1 (555) 123-4567" }).phone).toBe(
      "+15551234567",
    );
  });

  it("accepts a JSON number", () => {
    expect(updateProfileInputSchema.parse({ phone: 15551234567 }).phone).toBe("15551234567");
  });

  it("clears on empty, leaves untouched when absent", () => {
    expect(updateProfileInputSchema.parse({ phone: "" }).phone).toBeNull();
    expect(updateProfileInputSchema.parse({ phone: null }).phone).toBeNull();
    expect(updateProfileInputSchema.parse({}).phone).toBeUndefined();
  });

  it("uses the spec's phone messages", () => {
    expect(errorsOf({ phone: "55a1234567" }).phone).toBe(profileMessages.phoneDigits);
    expect(errorsOf({ phone: "12+3456789012" }).phone).toBe(profileMessages.phoneDigits);
    expect(errorsOf({ phone: "123456789" }).phone).toBe(profileMessages.phoneMin);
    expect(errorsOf({ phone: "+1234567890123456" }).phone).toBe(profileMessages.phoneMax);
    expect(errorsOf({ phone: "+123456789012345" })).toEqual({});
  });
});

describe("updateProfileInputSchema: flags", () => {
  it("reads booleans from JSON and from form text", () => {
    expect(updateProfileInputSchema.parse({ remove_image: "true" }).remove_image).toBe(true);
    expect(updateProfileInputSchema.parse({ email_notifications: "off" }).email_notifications).toBe(
      false,
    );
    expect(updateProfileInputSchema.parse({ email_notifications: true }).email_notifications).toBe(
      true,
    );
    expect(errorsOf({ remove_image: "maybe" }).remove_image).toBe(profileMessages.booleanInvalid);
  });

  it("strips unknown keys", () => {
    const parsed = updateProfileInputSchema.parse({
      id: 9,
      groups: "Admin",
      email: "x@y.com",
      profile: { phone: "1" },
    });
    expect(Object.keys(parsed).sort()).toEqual(["current_password", "current_password_field"]);
  });
});

describe("updateProfileInputSchema: password change", () => {
  const good = "N3w!passw";

  it("ignores blank password fields", () => {
    expect(errorsOf({ current_password: "", new_password: "", confirm_password: "" })).toEqual({});
  });

  it("requires the current and the confirm password", () => {
    expect(errorsOf({ new_password: good })).toEqual({
      current_password: profileMessages.currentPasswordRequired,
      confirm_password: profileMessages.confirmRequired,
    });
  });

  it("refuses reusing the current password, weak passwords and mismatches", () => {
    expect(
      errorsOf({ current_password: good, new_password: good, confirm_password: good }),
    ).toEqual({ new_password: profileMessages.passwordsSame });
    expect(
      errorsOf({
        current_password: "Old1!pass",
        new_password: "weakpass",
        confirm_password: "weakpass",
      }),
    ).toEqual({ new_password: profileMessages.passwordRule });
    // "$" is not among the spec's specials.
    expect(
      errorsOf({
        current_password: "Old1!pass",
        new_password: "Abcdefg1$",
        confirm_password: "Abcdefg1$",
      }),
    ).toEqual({ new_password: profileMessages.passwordRule });
    expect(
      errorsOf({ current_password: "Old1!pass", new_password: good, confirm_password: "other" }),
    ).toEqual({ confirm_password: profileMessages.passwordsMustMatch });
  });

  it("reports every field at once: a bad name or phone does not hide the password errors", () => {
    expect(
      errorsOf({
        first_name: "A1",
        last_name: "",
        phone: "12",
        new_password: "weakpass",
        confirm_password: "other",
      }),
    ).toEqual({
      first_name: profileMessages.nameLetters,
      last_name: profileMessages.lastNameRequired,
      phone: profileMessages.phoneMin,
      current_password: profileMessages.currentPasswordRequired,
      new_password: profileMessages.passwordRule,
      confirm_password: profileMessages.passwordsMustMatch,
    });
  });

  it("accepts old_password as the current password and remembers the key", () => {
    const parsed = updateProfileInputSchema.parse({
      old_password: "Old1!pass",
      new_password: good,
      confirm_password: good,
    });
    expect(parsed.current_password).toBe("Old1!pass");
    expect(parsed.current_password_field).toBe("old_password");
    expect(parsed.new_password).toBe(good);
  });
});

describe("updateProfileInputSchema: names in any script", () => {
  it("accepts Müller, O'Brien, Patel-Ramanathan and a one-character Chinese name", () => {
    const parsed = updateProfileInputSchema.parse({ first_name: "李", last_name: "O'Brien" });
    expect(parsed).toMatchObject({ first_name: "李", last_name: "O'Brien" });
    expect(errorsOf({ first_name: "Müller", last_name: "Patel-Ramanathan" })).toEqual({});
  });

  it("keeps the spec's messages for digits, stray marks and one Latin letter", () => {
    expect(errorsOf({ first_name: "Anne-", last_name: "J" })).toEqual({
      first_name: profileMessages.nameLetters,
      last_name: profileMessages.nameMin,
    });
  });
});
