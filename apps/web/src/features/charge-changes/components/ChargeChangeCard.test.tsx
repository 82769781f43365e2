import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { chargeChangeMessages } from "@fba/contract";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { chargeChange } from "../../../test/charge-change-fixtures";
import { ChargeChangeCard } from "./ChargeChangeCard";

beforeEach(() => setViewport(1280));
afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown, message = "OK") => ({
  status: "success",
  status_code: 200,
  message,
  data,
});

describe("the charge change on an order page", { timeout: 60_000 }, () => {
  it("shows nothing while the final amount is within the bid", async () => {
    const { calls } = stubFetch({ "GET /api/shipments/31/charge-change/": ok(null) });
    renderRoute(<ChargeChangeCard shipmentId={31} side="seller" />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText(/above the accepted bid/)).not.toBeInTheDocument();
  });

  it("puts the difference, the reason and the evidence first, and lets the seller dispute it with a reason", async () => {
    const disputed = chargeChange({
      status: "disputed",
      status_label: "Disputed: an admin will decide",
      dispute_reason: "Cartons were 60 cm at pickup",
      can_accept: false,
      can_dispute: false,
    });
    const { calls } = stubFetch({
      "GET /api/shipments/31/charge-change/": ok(chargeChange()),
      "POST /api/shipments/31/charge-change/dispute": ok(disputed, chargeChangeMessages.disputed),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<ChargeChangeCard shipmentId={31} side="seller" />);

    const card = await screen.findByRole("region", { name: "Final amount above the accepted bid" });
    expect(
      within(card).getByText(
        "$180.00 above the accepted bid: re-measured cartons, evidence attached",
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "cfs-remeasure.pdf" })).toHaveAttribute(
      "href",
      "/api/documents/71/download?expires=1&signature=x",
    );
    expect(within(card).getByText(/Final amount set above the bid/)).toBeInTheDocument();
    expect(within(card).getByText(/by Andy Agent, 11\/20\/2026/)).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Dispute" }));
    const dialog = await screen.findByRole("dialog", { name: "Dispute the final amount" });
    await user.click(within(dialog).getByRole("button", { name: "Send dispute" }));
    expect(
      await within(dialog).findByText(chargeChangeMessages.disputeReasonRequired),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Why do you dispute it/ }), {
      target: { value: "Cartons were 60 cm at pickup" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Send dispute" }));

    expect(await screen.findByText("Disputed: an admin will decide")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      reason: "Cartons were 60 cm at pickup",
    });
    expect(screen.queryByRole("button", { name: "Dispute" })).not.toBeInTheDocument();
    expect(screen.getByText("The seller disputed it: an admin will decide.")).toBeInTheDocument();
  });

  it("accepts after a confirmation", async () => {
    const { calls } = stubFetch({
      "GET /api/shipments/31/charge-change/": ok(chargeChange()),
      "POST /api/shipments/31/charge-change/accept": ok(
        chargeChange({
          status: "accepted",
          status_label: "Accepted by the seller",
          can_accept: false,
          can_dispute: false,
        }),
      ),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<ChargeChangeCard shipmentId={31} side="seller" />);
    await user.click(await screen.findByRole("button", { name: "Accept $780.00" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the final amount" });
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Accepted by the seller")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("lets an admin decide an amount in between, and shows the server's refusal on its field", async () => {
    const dispute = chargeChange({
      status: "disputed",
      dispute_reason: "Cartons were 60 cm at pickup",
      can_accept: false,
      can_dispute: false,
      can_decide: true,
    });
    // The first decision is refused on its amount, the second one is recorded.
    let attempts = 0;
    const { calls } = fakeApi({
      "GET shipments/31/charge-change/": success(dispute),
      "POST shipments/31/charge-change/decide": () => {
        attempts += 1;
        return attempts === 1
          ? failure(400, "Bad Request", [
              {
                field: "amount",
                message: chargeChangeMessages.amountOutOfRange("600.00", "780.00"),
              },
            ])
          : success(
              chargeChange({
                status: "decided",
                status_label: "Decided by an admin",
                can_decide: false,
                decision: {
                  outcome: "between",
                  outcome_label: "An amount in between",
                  amount: "690.50",
                  note: "Half of it",
                },
              }),
            );
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<ChargeChangeCard shipmentId={31} side="admin" />);
    await user.click(await screen.findByRole("button", { name: "Decide" }));
    const dialog = await screen.findByRole("dialog", { name: /Decide the dispute/ });
    await user.click(within(dialog).getByRole("radio", { name: /An amount in between/ }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Amount/ }), {
      target: { value: "790" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Note/ }), {
      target: { value: "Half of it" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Record decision" }));
    expect(
      await within(dialog).findByText("The amount must be from $600.00 to $780.00"),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Amount/ }), {
      target: { value: "690.50" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Record decision" }));
    expect(await screen.findByText("Decided: An amount in between, $690.50")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { outcome: "between", amount: "790", note: "Half of it" },
      { outcome: "between", amount: "690.50", note: "Half of it" },
    ]);
  });
});
