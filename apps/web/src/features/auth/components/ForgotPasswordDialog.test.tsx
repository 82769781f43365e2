import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { failure, fakeApi, renderRoute, success } from "../../../test/fake-api";
import { ForgotPasswordDialog } from "./ForgotPasswordDialog";

// Typing without per-key delays keeps these form tests fast on busy machines.
const ui = userEvent.setup({ delay: null });

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  toastApiError: vi.fn(),
}));

const sent = (resendAfter = 120) =>
  success({ email: "ava@example.com", channel: "EMAIL", resend_after: resendAfter });

function renderDialog(onClose = vi.fn()) {
  renderRoute(<ForgotPasswordDialog open onClose={onClose} />);
  return onClose;
}

async function goToOtpStep() {
  await ui.type(screen.getByLabelText("Email"), "ava@example.com");
  await ui.click(screen.getByRole("button", { name: "Send code" }));
  await screen.findByLabelText("Verification code");
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ForgotPasswordDialog", () => {
  it("walks email -> code -> new password -> success with the contract's payloads", async () => {
    const { calls } = fakeApi({
      "POST auth/password-init/": sent(),
      "POST auth/verify-otp/": success({ verified: true }),
      "POST auth/password-reset/": success(null, "Your password has been successfully reset."),
    });
    const onClose = renderDialog();

    await ui.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    await ui.type(screen.getByLabelText("Email"), "nope");
    await ui.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Invalid email format")).toBeInTheDocument();
    await ui.clear(screen.getByLabelText("Email"));
    await goToOtpStep();
    expect(calls[0]).toMatchObject({
      path: "auth/password-init/",
      body: { email: "ava@example.com", channel: "EMAIL" },
    });

    await ui.click(screen.getByRole("button", { name: "Verify code" }));
    expect(await screen.findByText("Otp is required")).toBeInTheDocument();
    await ui.type(screen.getByLabelText("Verification code"), "12");
    await ui.click(screen.getByRole("button", { name: "Verify code" }));
    expect(await screen.findByText("Otp must be 4 digits")).toBeInTheDocument();
    await ui.type(screen.getByLabelText("Verification code"), "34");
    await ui.click(screen.getByRole("button", { name: "Verify code" }));

    const password = await screen.findByLabelText("New password");
    expect(calls[1]).toMatchObject({
      path: "auth/verify-otp/",
      body: { email: "ava@example.com", otp: "1234", channel: "EMAIL" },
    });
    await ui.type(password, "NewSecret#1");
    await ui.type(screen.getByLabelText("Confirm password"), "NewSecret#2");
    await ui.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Passwords must match")).toBeInTheDocument();
    await ui.clear(screen.getByLabelText("Confirm password"));
    await ui.type(screen.getByLabelText("Confirm password"), "NewSecret#1");
    await ui.click(screen.getByRole("button", { name: "Reset password" }));

    expect(
      await screen.findByText("Your password has been successfully reset."),
    ).toBeInTheDocument();
    expect(calls[2]).toMatchObject({
      path: "auth/password-reset/",
      body: {
        email: "ava@example.com",
        otp: "1234",
        password: "NewSecret#1",
        confirm_password: "NewSecret#1",
      },
    });
    expect(localStorage.getItem(STORAGE_KEYS.otpResendAt)).toBeNull();
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    expect(onClose).toHaveBeenCalled();
  }, 90_000);

  it("accepts digits only in the code field", async () => {
    fakeApi({ "POST auth/password-init/": sent() });
    renderDialog();
    await goToOtpStep();
    const input = screen.getByLabelText("Verification code");
    await ui.type(input, "a1b2-c3 4 5");
    expect(input).toHaveValue("1234");
  });

  it("stores the 120 s resend deadline in local storage and disables resend meanwhile", async () => {
    fakeApi({
      "POST auth/password-init/": sent(),
      "POST auth/send-otp/": sent(),
    });
    renderDialog();
    await goToOtpStep();
    const deadline = Number(localStorage.getItem(STORAGE_KEYS.otpResendAt));
    expect(deadline - Date.now()).toBeGreaterThan(115_000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(120_000);
    expect(
      screen.getByRole("button", { name: /Resend code in 2:00|Resend code in 1:5\d/ }),
    ).toBeDisabled();
  });

  it("reads a stored deadline on mount, so a reloaded page continues the countdown", async () => {
    fakeApi({
      // The server keeps the recent code and says how long to wait.
      "POST auth/password-init/": sent(45),
      "POST auth/send-otp/": sent(),
    });
    localStorage.setItem(STORAGE_KEYS.otpResendAt, String(Date.now() + 45_000));
    renderDialog();
    await goToOtpStep();
    expect(screen.getByRole("button", { name: /Resend code in 0:4[45]/ })).toBeDisabled();
  });

  it("enables resend after the countdown and sends a new code", async () => {
    const { calls } = fakeApi({
      "POST auth/password-init/": sent(1),
      "POST auth/send-otp/": sent(),
    });
    renderDialog();
    await goToOtpStep();
    const resend = await screen.findByRole("button", { name: "Resend code" }, { timeout: 4000 });
    expect(resend).toBeEnabled();
    await ui.click(resend);
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        path: "auth/send-otp/",
        body: { email: "ava@example.com", channel: "EMAIL", otp_for: "FORGOT_PASSWORD" },
      }),
    );
    expect(await screen.findByRole("button", { name: /Resend code in/ })).toBeDisabled();
    await act(async () => {});
  });

  it("puts a wrong code error on the code field", async () => {
    fakeApi({
      "POST auth/password-init/": sent(),
      "POST auth/verify-otp/": failure(400, "Invalid or expired code", [
        { field: "otp", message: "Invalid or expired code" },
      ]),
    });
    renderDialog();
    await goToOtpStep();
    await ui.type(screen.getByLabelText("Verification code"), "9999");
    await ui.click(screen.getByRole("button", { name: "Verify code" }));
    expect(await screen.findByText("Invalid or expired code")).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });
});
