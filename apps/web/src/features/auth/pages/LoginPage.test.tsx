import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { failure, fakeApi, renderRoute, success } from "../../../test/fake-api";
import { toastApiError } from "../../../lib/toast";
import LoginPage from "./LoginPage";

// Typing without per-key delays keeps these form tests fast on busy machines.
const ui = userEvent.setup({ delay: null });

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  toastApiError: vi.fn(),
}));

const user = (groups: "Seller" | "Shipper" | "Admin") => ({
  id: 7,
  first_name: "Ava",
  last_name: "Stone",
  email: "ava@example.com",
  groups,
  image: null,
  profile: { phone: null, company_name: null },
  email_notifications: true,
  is_active: true,
});

const landings = [
  { path: "/seller/dashboard", element: <p>seller dashboard</p> },
  { path: "/shipper/dashboard", element: <p>shipper dashboard</p> },
  { path: "/admin/dashboard", element: <p>admin dashboard</p> },
  { path: "/signup", element: <p>signup page</p> },
  { path: "/shipper/signup", element: <p>shipper signup page</p> },
];

function renderLogin(at = "/login") {
  return renderRoute(<LoginPage />, { path: at, routes: landings });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("LoginPage", () => {
  it("shows the login screen's validation messages", async () => {
    const { calls } = fakeApi({});
    renderLogin();
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();

    await ui.type(screen.getByLabelText("Email"), "not-an-email");
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("logs a Customer in as Seller with remember, stores the session and opens the seller dashboard", async () => {
    const { calls } = fakeApi({
      "POST auth/login/": success({
        user: user("Seller"),
        access_token: "acc",
        refresh_token: "ref",
      }),
    });
    renderLogin();
    expect(screen.getByRole("tab", { name: "Customer" })).toHaveAttribute("aria-selected", "true");
    await ui.type(screen.getByLabelText("Email"), "Ava@Example.com");
    await ui.type(screen.getByLabelText("Password"), "Secret#123");
    await ui.click(screen.getByLabelText("Remember for 30 days"));
    await ui.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByText("seller dashboard")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "auth/login/",
      authorization: null,
      body: { email: "ava@example.com", password: "Secret#123", group: "Seller", remember: true },
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe("acc");
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe("ref");
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "{}")).toMatchObject({ id: 7 });
  });

  it("sends group Shipper from the Shipment Agent tab and opens the shipper dashboard", async () => {
    const { calls } = fakeApi({
      "POST auth/login/": success({ user: user("Shipper"), access_token: "a", refresh_token: "r" }),
    });
    renderLogin();
    await ui.click(screen.getByRole("tab", { name: "Shipment Agent" }));
    await ui.type(screen.getByLabelText("Email"), "agent@example.com");
    await ui.type(screen.getByLabelText("Password"), "x");
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("shipper dashboard")).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ group: "Shipper", remember: false });
  });

  it("takes the group from a path containing 'shipper'", async () => {
    const { calls } = fakeApi({
      "POST auth/login/": success({ user: user("Admin"), access_token: "a", refresh_token: "r" }),
    });
    renderLogin("/shipper/login");
    expect(screen.getByRole("tab", { name: "Shipment Agent" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await ui.type(screen.getByLabelText("Email"), "root@example.com");
    await ui.type(screen.getByLabelText("Password"), "x");
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("admin dashboard")).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ group: "Shipper" });
  });

  it("puts server field errors on the fields and shows other errors above the form", async () => {
    fakeApi({
      "POST auth/login/": failure(400, "Bad Request", [
        { field: "password", message: "Invalid email or password" },
        { field: "group", message: "Something about the tab" },
      ]),
    });
    renderLogin();
    await ui.type(screen.getByLabelText("Email"), "ava@example.com");
    await ui.type(screen.getByLabelText("Password"), "wrong");
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    expect(screen.getByText("Something about the tab")).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    // Shown once, on the form: no toast repeats it.
    expect(toastApiError).not.toHaveBeenCalled();
  });

  it("toasts only what the form cannot show", async () => {
    fakeApi({ "POST auth/login/": failure(503, "Service Unavailable", []) });
    renderLogin();
    await ui.type(screen.getByLabelText("Email"), "ava@example.com");
    await ui.type(screen.getByLabelText("Password"), "Secret#1");
    await ui.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(toastApiError).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("after a password reset fills in the email and opens the account's tab", async () => {
    fakeApi({
      "POST auth/password-init/": success({
        email: "agent.with.a.long.address@example.com",
        channel: "EMAIL",
        resend_after: 120,
      }),
      "POST auth/verify-otp/": success({ verified: true }),
      "POST auth/password-reset/": success({ group: "Shipper" }),
    });
    renderLogin();
    expect(screen.getByRole("tab", { name: "Customer" })).toHaveAttribute("aria-selected", "true");
    await ui.click(screen.getByRole("button", { name: "Forgot Password?" }));
    const dialog = within(await screen.findByRole("dialog"));
    await ui.type(dialog.getByLabelText("Email"), "agent.with.a.long.address@example.com");
    await ui.click(screen.getByRole("button", { name: "Send code" }));
    await ui.type(await screen.findByLabelText("Verification code"), "1234");
    await ui.click(screen.getByRole("button", { name: "Verify code" }));
    await ui.type(await screen.findByLabelText("New password"), "NewSecret#1");
    await ui.type(screen.getByLabelText("Confirm password"), "NewSecret#1");
    await ui.click(screen.getByRole("button", { name: "Reset password" }));
    await ui.click(await screen.findByRole("button", { name: "Log in" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    expect(screen.getByLabelText("Email")).toHaveValue("agent.with.a.long.address@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.getByRole("tab", { name: "Shipment Agent" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  }, 60_000);

  it("toggles the password visibility", async () => {
    fakeApi({});
    renderLogin();
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await ui.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await ui.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("opens the reset dialog from both forgot-password links and links to sign-up", async () => {
    fakeApi({});
    renderLogin();
    await ui.click(screen.getByRole("button", { name: "Forgot Password?" }));
    expect(await screen.findByRole("dialog", { name: /Forgot password/ })).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The spec names both links; each opens the same dialog.
    await ui.click(screen.getByRole("button", { name: "I forgot my password" }));
    expect(await screen.findByRole("dialog", { name: /Forgot password/ })).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    expect(screen.getByText("New User? Sign Up Now")).toBeInTheDocument();
    await ui.click(screen.getByRole("link", { name: "Sign Up" }));
    expect(await screen.findByText("signup page")).toBeInTheDocument();
  });
});
