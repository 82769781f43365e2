import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  changePasswordInputSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  loginEmailSchema,
  loginInputSchema,
  messages,
  newPasswordWithConfirmSchema,
  otpSchema,
  passwordInitInputSchema,
  passwordResetInputSchema,
  passwordSchema,
  refreshInputSchema,
  registerInputSchema,
  sendOtpInputSchema,
  userSchema,
  verifyOtpInputSchema,
} from "./auth.js";

/** The messages a schema gives for a value, in order. */
function errorsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** field -> message for an object schema. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("names", () => {
  const cases: Array<[string, z.ZodType, string]> = [
    ["First", firstNameSchema, "First name"],
    ["Last", lastNameSchema, "Last name"],
  ];
  for (const [label, schema, prefix] of cases) {
    describe(`${label} name`, () => {
      it("is required (missing, null, empty and blank)", () => {
        for (const value of [undefined, null, "", "   "]) {
          expect(errorsOf(schema, value)).toEqual([`${prefix} is required`]);
        }
      });
      it("takes letters of any script, spaces, and a hyphen or apostrophe between letters", () => {
        for (const value of ["Jo3", "Anne-", "'Neil", "Anne--Marie", "<b>x</b>", "李伟!"]) {
          expect(errorsOf(schema, value)).toEqual([`${prefix} can only contain alphabets`]);
        }
        for (const value of ["Anne-Marie", "O'Neil", "Zoë", "Müller", "李伟", "Иванов"]) {
          expect(errorsOf(schema, value)).toEqual([]);
        }
      });
      it("needs 2 to 50 characters", () => {
        expect(errorsOf(schema, "A")).toEqual([`${prefix} must be at least 2 characters`]);
        // One character is a whole name in Chinese, Korean and Japanese.
        expect(errorsOf(schema, "李")).toEqual([]);
        expect(errorsOf(schema, "A".repeat(51))).toEqual([`${prefix} cannot exceed 50 characters`]);
        expect(errorsOf(schema, "A".repeat(50))).toEqual([]);
        expect(errorsOf(schema, "Al")).toEqual([]);
      });
      it("accepts names with spaces and trims the ends", () => {
        expect(schema.parse("  Mary Ann ")).toBe("Mary Ann");
      });
    });
  }
});

describe("email", () => {
  it("on sign-up: required, format, at most 50, stored lower-case", () => {
    for (const value of [undefined, null, "", "  "]) {
      expect(errorsOf(emailSchema, value)).toEqual(["Email is required"]);
    }
    for (const value of ["plain", "a@b", "a@b.c", "@example.com", "a..b@example.com", "a b@x.io"]) {
      expect(errorsOf(emailSchema, value)).toEqual(["Invalid email format"]);
    }
    const long = `${"a".repeat(39)}@example.com`; // 51 characters
    expect(errorsOf(emailSchema, long)).toEqual(["Email cannot exceed 50 characters"]);
    expect(errorsOf(emailSchema, `${"a".repeat(38)}@example.com`)).toEqual([]);
    expect(emailSchema.parse(" Jane.Doe+fba@Example.COM ")).toBe("jane.doe+fba@example.com");
  });

  it("on login: 'Invalid email address' and 'Email is required'", () => {
    expect(errorsOf(loginEmailSchema, "")).toEqual(["Email is required"]);
    expect(errorsOf(loginEmailSchema, undefined)).toEqual(["Email is required"]);
    expect(errorsOf(loginEmailSchema, "nope@")).toEqual(["Invalid email address"]);
    expect(errorsOf(loginEmailSchema, `${"a".repeat(300)}@x.io`)).toEqual([
      "Invalid email address",
    ]);
    expect(loginEmailSchema.parse("A@Example.com")).toBe("a@example.com");
  });
});

describe("password rule", () => {
  it("gives each unmet rule its own message", () => {
    expect(errorsOf(passwordSchema, "")).toEqual(["Password is required"]);
    expect(errorsOf(passwordSchema, undefined)).toEqual(["Password is required"]);
    expect(errorsOf(passwordSchema, "Ab1!")).toEqual(["Password must be at least 8 characters"]);
    expect(errorsOf(passwordSchema, `Ab1!${"x".repeat(29)}`)).toEqual([
      "Password should not exceed 32 characters",
    ]);
    expect(errorsOf(passwordSchema, "ABCDEFG1!")).toEqual(["Atleast one small letter"]);
    expect(errorsOf(passwordSchema, "abcdefg1!")).toEqual(["Atleast one capital letter"]);
    expect(errorsOf(passwordSchema, "Abcdefgh!")).toEqual(["Atleast one number"]);
    expect(errorsOf(passwordSchema, "Abcdefgh1")).toEqual(["Atleast one special character"]);
  });

  it("accepts 8 to 32 characters meeting every rule", () => {
    expect(errorsOf(passwordSchema, "Abcdef1!")).toEqual([]);
    expect(errorsOf(passwordSchema, `Ab1!${"x".repeat(28)}`)).toEqual([]);
  });

  it("login asks only that a password be given", () => {
    const base = { email: "a@example.com", group: "Seller" };
    expect(fieldErrors(loginInputSchema, { ...base, password: "" })).toEqual({
      password: "Password is required",
    });
    expect(fieldErrors(loginInputSchema, base)).toEqual({ password: "Password is required" });
    expect(loginInputSchema.parse({ ...base, password: "weak" })).toEqual({
      ...base,
      password: "weak",
      remember: false,
    });
  });
});

describe("otp", () => {
  it("is required and exactly 4 digits", () => {
    for (const value of [undefined, null, "", " "]) {
      expect(errorsOf(otpSchema, value)).toEqual(["Otp is required"]);
    }
    for (const value of ["123", "12345", "12a4", "１２３４"]) {
      expect(errorsOf(otpSchema, value)).toEqual(["Otp must be 4 digits"]);
    }
    expect(otpSchema.parse(" 0421 ")).toBe("0421");
  });
});

describe("confirm password", () => {
  it("must match, reported along with the other errors", () => {
    expect(
      fieldErrors(newPasswordWithConfirmSchema, { password: "Abcdef1!", confirm_password: "x" }),
    ).toEqual({ confirm_password: "Passwords must match" });
    expect(
      fieldErrors(passwordResetInputSchema, {
        email: "",
        otp: "1",
        password: "short",
        confirm_password: "other",
      }),
    ).toEqual({
      email: "Email is required",
      otp: "Otp must be 4 digits",
      password: "Password must be at least 8 characters",
      confirm_password: "Passwords must match",
    });
    expect(
      fieldErrors(passwordResetInputSchema, {
        email: "a@example.com",
        otp: "1234",
        password: "Abcdef1!",
      }),
    ).toEqual({ confirm_password: "Passwords must match" });
    expect(
      passwordResetInputSchema.safeParse({
        email: "a@example.com",
        otp: "1234",
        password: "Abcdef1!",
        confirm_password: "Abcdef1!",
      }).success,
    ).toBe(true);
  });
});

describe("request bodies", () => {
  it("register: every field error at once; Admin is not self-service; unknown keys dropped", () => {
    expect(fieldErrors(registerInputSchema, {})).toEqual({
      first_name: "First name is required",
      last_name: "Last name is required",
      email: "Email is required",
      password: "Password is required",
      groups: messages.groupInvalid,
    });
    expect(
      fieldErrors(registerInputSchema, {
        first_name: "Al",
        last_name: "Bo",
        email: "a@example.com",
        password: "Abcdef1!",
        groups: "Admin",
      }),
    ).toEqual({ groups: messages.groupInvalid });
    const parsed = registerInputSchema.parse({
      first_name: "Al",
      last_name: "Bo",
      email: "A@example.com",
      password: "Abcdef1!",
      groups: "Shipper",
      is_staff: true,
    });
    expect(parsed).toEqual({
      first_name: "Al",
      last_name: "Bo",
      email: "a@example.com",
      password: "Abcdef1!",
      groups: "Shipper",
    });
  });

  it("login: group is Seller or Shipper, remember is optional", () => {
    expect(fieldErrors(loginInputSchema, { email: "x", password: "p", group: "Admin" })).toEqual({
      email: "Invalid email address",
      group: messages.groupInvalid,
    });
    expect(
      loginInputSchema.parse({ email: "a@x.io", password: "p", group: "Shipper", remember: true }),
    ).toMatchObject({ remember: true });
  });

  it("recovery bodies default the channel and purpose", () => {
    expect(passwordInitInputSchema.parse({ email: "a@x.io" })).toEqual({
      email: "a@x.io",
      channel: "EMAIL",
    });
    expect(sendOtpInputSchema.parse({ email: "a@x.io" })).toEqual({
      email: "a@x.io",
      channel: "EMAIL",
      otp_for: "FORGOT_PASSWORD",
    });
    expect(fieldErrors(verifyOtpInputSchema, { email: "a@x.io", channel: "SMS" })).toEqual({
      otp: "Otp is required",
      channel: "Channel must be EMAIL",
    });
  });

  it("refresh and logout need the token", () => {
    expect(fieldErrors(refreshInputSchema, {})).toEqual({ refresh: messages.refreshRequired });
    expect(fieldErrors(refreshInputSchema, { refresh: "x".repeat(600) })).toEqual({
      refresh: messages.refreshInvalid,
    });
  });

  it("change password: current required, new follows the rule and differs", () => {
    expect(fieldErrors(changePasswordInputSchema, {})).toEqual({
      old_password: "Password is required",
      new_password: "Password is required",
    });
    expect(
      fieldErrors(changePasswordInputSchema, {
        old_password: "Abcdef1!",
        new_password: "Abcdef1!",
      }),
    ).toEqual({ new_password: messages.passwordsMustDiffer });
  });
});

describe("user", () => {
  it("describes the wire user", () => {
    const user = {
      id: 1,
      first_name: "A",
      last_name: "B",
      email: "a@x.io",
      groups: "Admin",
      image: null,
      profile: { phone: null, company_name: null },
      email_notifications: true,
      milestone_emails: true,
      is_active: true,
    };
    expect(userSchema.parse(user)).toEqual(user);
    expect(userSchema.safeParse({ ...user, groups: "Root" }).success).toBe(false);
  });
});
