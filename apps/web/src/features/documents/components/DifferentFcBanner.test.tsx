import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { differentFcMessages, type DifferentFc, type Leg } from "@fba/contract";
import { fakeApi, success } from "../../../test/fake-api";
import { renderRoute } from "../../../test/render-route";
import { DifferentFcBanner } from "./DifferentFcBanner";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  toastApiError: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const flagged: DifferentFc = {
  status: "flagged",
  note: null,
  by: { id: 9, first_name: "Andy", last_name: "Agent" },
  at: "2026-11-24T10:00:00Z",
};
const leg = (different_fc: DifferentFc | null) =>
  ({ id: 5, fc_code: "ONT8", delivered_fc_code: "ONT2", different_fc }) as Leg;

describe("DifferentFcBanner", { timeout: 60_000 }, () => {
  it("lets the seller accept the change and hands on the changed leg", async () => {
    const accepted = leg({
      status: "accepted",
      note: null,
      by: { id: 7, first_name: "Sally", last_name: "Seller" },
      at: "2026-11-25T09:00:00Z",
    });
    const { calls } = fakeApi({
      "POST shipments/41/legs/5/different-fc/accept": success(
        accepted,
        "Delivery to a different FC accepted",
      ),
    });
    const onLeg = vi.fn();
    const user = userEvent.setup();
    renderRoute(
      <DifferentFcBanner
        shipmentId={41}
        leg={leg(flagged)}
        side="seller"
        canDecide
        onLeg={onLeg}
      />,
    );
    const banner = screen.getByRole("alert", { name: "Delivered to a different FC: ONT8" });
    expect(banner).toHaveTextContent("Booked for ONT8, delivered to ONT2 with proof of delivery.");
    await user.click(within(banner).getByRole("button", { name: "Accept change" }));
    await vi.waitFor(() => expect(onLeg).toHaveBeenCalledWith(accepted));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
      "POST shipments/41/legs/5/different-fc/accept",
    );
  });

  it("asks an admin for a note before resolving, and shows who resolved it", async () => {
    const { calls } = fakeApi({
      "POST shipments/41/legs/5/different-fc/resolve": success(leg(null)),
    });
    const user = userEvent.setup();
    const view = renderRoute(
      <DifferentFcBanner
        shipmentId={41}
        leg={leg(flagged)}
        side="admin"
        canDecide
        onLeg={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: "Accept change" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resolve" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolve the delivery to ONT2" });
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(within(dialog).getByText(differentFcMessages.noteRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox"), "Amazon moved the appointment");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path.endsWith("/resolve"))?.body).toEqual({
        note: "Amazon moved the appointment",
      }),
    );

    view.unmount();
    renderRoute(
      <DifferentFcBanner
        shipmentId={41}
        leg={leg({
          status: "resolved",
          note: "Amazon moved the appointment",
          by: { id: 1, first_name: "Ada", last_name: "Admin" },
          at: "2026-11-25T09:00:00Z",
        })}
        side="seller"
        canDecide
        onLeg={vi.fn()}
      />,
    );
    expect(
      screen.getByText("Resolved by Ada Admin on 11/25/2026: Amazon moved the appointment"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
