import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { failure, fakeApi, renderRoute, success } from "../../../test/fake-api";
import { useLocation } from "react-router";
import SignupPage, { AGENT_SIGNUP_SUCCESS } from "./SignupPage";
import { emailFromState } from "./LoginPage";

// Typing without per-key delays keeps these form tests fast on busy machines.
const ui = userEvent.setup({ delay: null });

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  toastApiError: vi.fn(),
}));
const { notify } = await import("../../../lib/toast");

const account = (groups: "Seller" | "Shipper") => ({
  user: {
    id: 3,
    first_name: "Ava",
    last_name: "Stone",
    email: "ava@example.com",
    groups,
    image: null,
    profile: { phone: null, company_name: null },
    email_notifications: true,
    is_active: true,
  },
  access_token: "acc",
  refresh_token: "ref",
});

/** The login page's stand-in shows the email it would fill in. */
function ShipperLogin() {
  return <p>shipper login page for {emailFromState(useLocation().state) || "nobody"}</p>;
}

const routes = [
  { path: "/seller/dashboard", element: <p>seller dashboard</p> },
  { path: "/shipper/login", element: <ShipperLogin /> },
  { path: "/login", element: <p>login page</p> },
];

async function fillForm(values: {
  first?: string;
  last?: string;
  email?: string;
  password?: string;
}) {
  if (values.first) await ui.type(screen.getByLabelText("First name"), values.first);
  if (values.last) await ui.type(screen.getByLabelText("Last name"), values.last);
  if (values.email) await ui.type(screen.getByLabelText("Email"), values.email);
  if (values.password) await ui.type(screen.getByLabelText("Password"), values.password);
}

afterEach(() => vi.unstubAllGlobals());

describe("SignupPage", () => {
  it("shows the hint, labels the submit button Login and validates with the spec's messages", async () => {
    const { calls } = fakeApi({});
    renderRoute(<SignupPage />, { path: "/signup", routes });
    expect(screen.getByText("At least 8 character")).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();

    await fillForm({ first: "A", last: "B", email: "bad@", password: "short" });
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("First name must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Last name must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Invalid email format")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();

    await ui.clear(screen.getByLabelText("Password"));
    await ui.type(screen.getByLabelText("Password"), "alllowercase1!");
    await ui.clear(screen.getByLabelText("First name"));
    await ui.type(screen.getByLabelText("First name"), "Ava9");
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Atleast one capital letter")).toBeInTheDocument();
    expect(screen.getByText("First name can only contain alphabets")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("registers a Customer as Seller, stores the session and opens the seller dashboard", async () => {
    const { calls } = fakeApi({
      "POST auth/register/": success(account("Seller"), "Created", 201),
    });
    renderRoute(<SignupPage />, { path: "/signup", routes });
    await fillForm({
      first: "Ava",
      last: "Stone",
      email: "ava@example.com",
      password: "Secret#123",
    });
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("seller dashboard")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      first_name: "Ava",
      last_name: "Stone",
      email: "ava@example.com",
      password: "Secret#123",
      groups: "Seller",
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe("acc");
  });

  it("registers a Shipment Agent as Shipper and sends them to log in without storing a session", async () => {
    const { calls } = fakeApi({
      "POST auth/register/": success(account("Shipper"), "Created", 201),
    });
    renderRoute(<SignupPage />, { path: "/signup", routes });
    await ui.click(screen.getByRole("tab", { name: "Shipment Agent" }));
    await fillForm({
      first: "Sam",
      last: "Agent",
      email: "sam@example.com",
      password: "Secret#123",
    });
    await ui.click(screen.getByRole("button", { name: "Login" }));
    // The login form opens with the new account's email filled in.
    expect(await screen.findByText("shipper login page for sam@example.com")).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ groups: "Shipper" });
    expect(notify.success).toHaveBeenCalledWith(AGENT_SIGNUP_SUCCESS);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it("uses the agent tab on /shipper/signup and puts server errors on the fields", async () => {
    const { calls } = fakeApi({
      "POST auth/register/": failure(400, "Bad Request", [
        { field: "email", message: "An account with this email already exists" },
      ]),
    });
    renderRoute(<SignupPage />, { path: "/shipper/signup", routes });
    expect(screen.getByRole("tab", { name: "Shipment Agent" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await fillForm({
      first: "Sam",
      last: "Agent",
      email: "sam@example.com",
      password: "Secret#123",
    });
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(
      await screen.findByText("An account with this email already exists"),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ groups: "Shipper" });
  });

  it("links to log in with Sign In", async () => {
    fakeApi({});
    renderRoute(<SignupPage />, { path: "/signup", routes });
    expect(screen.getByText(/Terms of Service/)).toBeInTheDocument();
    await ui.click(screen.getByRole("link", { name: "Sign In" }));
    expect(await screen.findByText("login page")).toBeInTheDocument();
  });
});
