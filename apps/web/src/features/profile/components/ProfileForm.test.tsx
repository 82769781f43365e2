import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import type { User } from "@fba/contract";
import { theme } from "../../../app/theme";
import { authStorage } from "../../../lib/auth-storage";
import { FakeXhr } from "../../../test/fake-xhr";
import { ProfileForm } from "./ProfileForm";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
}));
const { notify } = await import("../../../lib/toast");

const user: User = {
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
};

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ProfileForm user={user} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label);
const save = () => screen.getByRole("button", { name: "Save changes" });

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// MUI inputs are slow to type into under jsdom; these tests type a lot.
describe("ProfileForm", { timeout: 30_000 }, () => {
  it("shows the email disabled and the user's current values", () => {
    renderForm();
    expect(screen.getByRole("textbox", { name: "Email" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("ada@example.com");
    expect(field(/First Name/)).toHaveValue("Ada");
    expect(screen.getByRole("switch", { name: "Email notifications" })).toBeChecked();
  });

  it("shows every name rule as helper text", async () => {
    const u = userEvent.setup({ delay: null });
    renderForm();
    const first = field(/First Name/);
    await u.clear(first);
    await u.tab();
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    await u.type(first, "A1");
    expect(await screen.findByText("Name must contain only letters")).toBeInTheDocument();
    await u.clear(first);
    await u.type(first, "A");
    expect(await screen.findByText("Name must be at least 2 characters")).toBeInTheDocument();
    await u.clear(first);
    await u.click(first);
    await u.paste("A".repeat(51));
    expect(await screen.findByText("Name cannot exceed 50 characters")).toBeInTheDocument();
    const last = field(/Last Name/);
    await u.clear(last);
    await u.tab();
    expect(await screen.findByText("Last name is required")).toBeInTheDocument();
  });

  it("strips brackets, spaces and hyphens from the phone and checks its length", async () => {
    const u = userEvent.setup({ delay: null });
    renderForm();
    const phone = field(/Phone/);
    await u.type(phone, "+1 (555) 010-99");
    expect(phone).toHaveValue("+155501099");
    await u.tab();
    expect(await screen.findByText("Mobile number must be at least 10 digits")).toBeInTheDocument();
    await u.type(phone, "1234567");
    expect(await screen.findByText("Mobile number cannot exceed 15 digits")).toBeInTheDocument();
    await u.clear(phone);
    await u.type(phone, "12a4567890");
    expect(await screen.findByText("Mobile number must contain only digits")).toBeInTheDocument();
  });

  it("shows every password-change rule", async () => {
    const u = userEvent.setup({ delay: null });
    renderForm();
    await u.type(field(/^New Password/), "short");
    await u.click(save());
    expect(
      await screen.findByText("Current password is required when changing password"),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Password must contain at least 8 characters, one lowercase letter, one uppercase letter, one digit, and one special character",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Confirm password is required when changing password"),
    ).toBeInTheDocument();

    await u.type(field(/^Current Password/), "Same#Pass1");
    await u.clear(field(/^New Password/));
    await u.type(field(/^New Password/), "Same#Pass1");
    expect(
      await screen.findByText("Current password and new password must be different"),
    ).toBeInTheDocument();

    await u.clear(field(/^New Password/));
    await u.type(field(/^New Password/), "Other#Pass2");
    await u.type(field(/^Confirm Password/), "Other#Pass3");
    expect(await screen.findByText("Passwords must match")).toBeInTheDocument();
  });

  it("shows every field's error at once on save, names and passwords together", async () => {
    const u = userEvent.setup({ delay: null });
    renderForm();
    await u.clear(field(/First Name/));
    await u.type(field(/^New Password/), "short");
    await u.click(save());
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(
      screen.getByText("Current password is required when changing password"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Confirm password is required when changing password"),
    ).toBeInTheDocument();
  });

  it("refuses a file that is not an image and a file over 50,000,000 bytes", async () => {
    renderForm();
    const input = screen.getByTestId("profile-image-input");
    fireEvent.change(input, {
      target: { files: [new File(["%PDF"], "cv.pdf", { type: "application/pdf" })] },
    });
    expect(await screen.findByText("Unsupported file format")).toBeInTheDocument();
    const big = new File(["x"], "big.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 50_000_001 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText("File is too large")).toBeInTheDocument();
  });

  it("saves as multipart, stores the returned user and tokens", async () => {
    const u = userEvent.setup({ delay: null });
    const saved = { ...user, first_name: "Augusta", image: "/api/files/avatar.png" };
    const fetchMock = vi.fn().mockResolvedValue(
      jsonResponse(200, {
        status: "success",
        status_code: 200,
        message: "Profile updated successfully",
        data: { ...saved, access_token: "new-access", refresh_token: "new-refresh" },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }),
    );
    renderForm();

    await u.clear(field(/First Name/));
    await u.type(field(/First Name/), "Augusta");
    await u.type(field(/^Current Password/), "Old#Pass1");
    await u.type(field(/^New Password/), "New#Pass22");
    await u.type(field(/^Confirm Password/), "New#Pass22");
    await u.click(save());

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith("Profile updated successfully"),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/auth/v1/update-profile/");
    expect(init.method).toBe("PATCH");
    const body = init.body as FormData;
    expect(body.get("first_name")).toBe("Augusta");
    // The picture is saved on its own when chosen, never with the form.
    expect(body.get("image")).toBeNull();
    expect(body.get("current_password")).toBe("Old#Pass1");
    expect(body.get("new_password")).toBe("New#Pass22");
    expect(body.get("confirm_password")).toBe("New#Pass22");
    expect(body.get("email")).toBeNull();
    expect(authStorage.getUser()).toEqual(saved);
    expect(authStorage.getAccessToken()).toBe("new-access");
    expect(authStorage.getRefreshToken()).toBe("new-refresh");
  });

  it("saves a chosen picture at once, with its progress, keeps the half-typed name, and shows a refusal under it", async () => {
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }),
    );
    const u = userEvent.setup({ delay: null });
    renderForm();
    await u.clear(field(/First Name/));
    await u.type(field(/First Name/), "Augusta");
    fireEvent.change(screen.getByTestId("profile-image-input"), {
      target: { files: [new File(["png"], "me.png", { type: "image/png" })] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const upload = FakeXhr.sent[0]!;
    expect(upload.method).toBe("PATCH");
    expect(upload.url).toBe("/api/auth/v1/update-profile/");
    const body = upload.body as FormData;
    expect((body.get("image") as File).name).toBe("me.png");
    // Only the picture travels: the name being typed is not saved with it.
    expect(body.get("first_name")).toBeNull();
    act(() => upload.progress(50, 100));
    expect(screen.getByRole("status", { name: "Saving the profile image" })).toHaveTextContent(
      "Saving image… 50%",
    );
    expect(screen.getByRole("button", { name: "Change image" })).toBeDisabled();
    const saved = { ...user, image: "/api/files/avatar.png" };
    act(() =>
      upload.respond(200, {
        status: "success",
        status_code: 200,
        message: "Profile updated successfully",
        data: saved,
      }),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Profile image saved"));
    expect(authStorage.getUser()).toEqual(saved);
    expect(screen.queryByRole("status", { name: "Saving the profile image" })).toBeNull();
    expect(field(/First Name/)).toHaveValue("Augusta");

    // The server refuses the next one: its message stays under the picture.
    fireEvent.change(screen.getByTestId("profile-image-input"), {
      target: { files: [new File(["gif"], "fake.png", { type: "image/png" })] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() =>
      FakeXhr.sent[1]!.respond(400, {
        status: "error",
        status_code: 400,
        message: "Bad Request",
        errors: [{ field: "image", message: "Unsupported file format" }],
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Unsupported file format");
  });

  it("turns milestone emails off on their own, and greys them out with every email off", async () => {
    const u = userEvent.setup({ delay: null });
    const fetchMock = vi.fn().mockResolvedValue(
      jsonResponse(200, {
        status: "success",
        status_code: 200,
        message: "Profile updated successfully",
        data: { ...user, milestone_emails: false },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    const milestones = screen.getByRole("switch", { name: "Emails about shipment milestones" });
    expect(milestones).toBeChecked();
    await u.click(milestones);
    await u.click(save());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = (fetchMock.mock.calls[0] as [string, RequestInit])[1].body as FormData;
    expect(body.get("milestone_emails")).toBe("false");
    expect(body.get("email_notifications")).toBe("true");

    await u.click(screen.getByRole("switch", { name: "Email notifications" }));
    expect(milestones).toBeDisabled();
  });

  it("puts a wrong current password under its field", async () => {
    const u = userEvent.setup({ delay: null });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        jsonResponse(400, {
          status: "error",
          status_code: 400,
          message: "Bad Request",
          errors: [{ field: "current_password", message: "Current password is incorrect" }],
        }),
      ),
    );
    renderForm();
    await u.type(field(/^Current Password/), "Wrong#Pass1");
    await u.type(field(/^New Password/), "New#Pass22");
    await u.type(field(/^Confirm Password/), "New#Pass22");
    await u.click(save());
    expect(await screen.findByText("Current password is incorrect")).toBeInTheDocument();
  });
});
