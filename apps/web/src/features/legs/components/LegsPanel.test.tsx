import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { legMessages, type Leg, type MilestoneEvent } from "@fba/contract";
import { failure, fakeApi, renderRoute, success } from "../../../test/fake-api";
import { setViewport } from "../../../test/render-route";
import { LegsPanel } from "./LegsPanel";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  toastApiError: vi.fn(),
}));

const agent = { id: 5, first_name: "Andy", last_name: "Agent" };

function event(overrides: Partial<MilestoneEvent>): MilestoneEvent {
  return {
    id: 1,
    milestone: "booked",
    label: "Booked",
    occurred_at: "2026-11-01T10:00:00Z",
    location: null,
    note: null,
    mode: null,
    vessel_or_flight: null,
    appointment_id: null,
    delivered_fc_code: null,
    document_id: null,
    supersedes: null,
    superseded_by: null,
    recorded_by: { id: 7, first_name: "Sally", last_name: "Seller" },
    recorded_at: "2026-11-01T10:00:00Z",
    ...overrides,
  };
}

/** ONT8: picked up (corrected once), late and quiet. FTW1: booked, on time. */
function legs(): Leg[] {
  const base = {
    shipment: 41,
    fc_name: null,
    fba_shipment_id: null,
    amazon_reference_id: null,
    appointment_id: null,
    appointment_at: null,
    eta: null,
    tracking_number: null,
    delivered_fc_code: null,
    late: false,
    stale_days: null,
    different_fc: null,
  };
  return [
    {
      ...base,
      id: 11,
      position: 1,
      fc_code: "ONT8",
      fc_name: "Moreno Valley",
      cartons: 16,
      fba_shipment_id: "FBA17ABC9XYZ",
      eta: "2026-12-01",
      milestone: "picked_up",
      milestone_label: "Picked up",
      last_event_at: "2026-11-10T08:00:00Z",
      late: true,
      stale_days: 6,
      events: [
        event({ id: 1 }),
        event({
          id: 2,
          milestone: "picked_up",
          label: "Picked up",
          occurred_at: "2026-11-09T08:00:00Z",
          location: "Wrong city",
          superseded_by: 3,
          recorded_by: agent,
        }),
        event({
          id: 3,
          milestone: "picked_up",
          label: "Picked up",
          occurred_at: "2026-11-10T08:00:00Z",
          location: "Shenzhen",
          note: "Loaded at dock 4",
          supersedes: 2,
          recorded_by: agent,
        }),
      ],
    },
    {
      ...base,
      id: 12,
      position: 2,
      fc_code: "FTW1",
      cartons: 4,
      milestone: "booked",
      milestone_label: "Booked",
      last_event_at: "2026-11-01T10:00:00Z",
      events: [event({ id: 4 })],
    },
  ];
}

const legsRoute = { "GET shipments/41/legs/": success(legs()) };

beforeEach(() => setViewport(1440));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("LegsPanel", { timeout: 60_000 }, () => {
  it("shows each destination's facts, what is late and the history with corrections struck through", async () => {
    fakeApi(legsRoute);
    renderRoute(<LegsPanel shipmentId={41} side="seller" canChange />);

    const ont8 = await screen.findByRole("article", { name: /ONT8/ });
    expect(within(ont8).getByText("FBA17ABC9XYZ")).toBeInTheDocument();
    expect(within(ont8).getByText("16")).toBeInTheDocument();
    expect(within(ont8).getByText("Late: ETA 12/01/2026 passed")).toBeInTheDocument();
    expect(within(ont8).getByText("No update for 6 days")).toBeInTheDocument();
    // Across on a desktop.
    expect(within(ont8).getByLabelText("Milestones to ONT8")).toHaveClass("MuiStepper-horizontal");

    // The correction, with the version it replaced struck through beneath it.
    expect(within(ont8).getByText(/Shenzhen/)).toBeInTheDocument();
    expect(within(ont8).getByText("Loaded at dock 4")).toBeInTheDocument();
    const struck = within(ont8).getByRole("deletion");
    expect(struck).toHaveTextContent(/Wrong city/);
    expect(within(ont8).getAllByText("Recorded by Andy Agent")).toHaveLength(2);

    const ftw1 = screen.getByRole("article", { name: /FTW1/ });
    expect(within(ftw1).queryByText(/Late:/)).toBeNull();
    expect(within(ftw1).queryByText(/No update/)).toBeNull();
    expect(within(ftw1).queryByRole("deletion")).toBeNull();

    // The seller keeps the Amazon references; recording is the agent's.
    expect(within(ont8).getByRole("button", { name: "Edit FBA shipment ID" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record milestone" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Correct/ })).toBeNull();
  });

  it("stacks the milestones on a phone and offers no change once the order is cancelled", async () => {
    setViewport(375);
    fakeApi(legsRoute);
    renderRoute(<LegsPanel shipmentId={41} side="agent" canChange={false} />);
    const ont8 = await screen.findByRole("article", { name: /ONT8/ });
    expect(within(ont8).getByLabelText("Milestones to ONT8")).toHaveClass("MuiStepper-vertical");
    expect(screen.queryByRole("button", { name: "Record milestone" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Correct/ })).toBeNull();
  });

  it("refuses a malformed FBA shipment ID with the contract's message and saves a good one", async () => {
    const saved = { ...legs()[1]!, fba_shipment_id: "FBA15ABCD1234" };
    const { calls } = fakeApi({
      ...legsRoute,
      "PATCH shipments/41/legs/12/": success(saved, "Leg updated"),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<LegsPanel shipmentId={41} side="seller" canChange />);
    const ftw1 = await screen.findByRole("article", { name: /FTW1/ });
    await user.click(within(ftw1).getByRole("button", { name: "Edit FBA shipment ID" }));

    const field = await screen.findByRole("textbox", { name: "FBA shipment ID" });
    fireEvent.change(field, { target: { value: "FBA12" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(legMessages.fbaShipmentIdFormat)).toBeInTheDocument();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    fireEvent.change(field, { target: { value: "fba15abcd1234" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      fba_shipment_id: "FBA15ABCD1234",
      amazon_reference_id: null,
    });
    expect(within(ftw1).getByText("FBA15ABCD1234")).toBeInTheDocument();
  });
});

describe("the Record milestone form", { timeout: 60_000 }, () => {
  it("offers only the milestones that may come next and asks Departed for its mode", async () => {
    const recorded = {
      ...legs()[0]!,
      milestone: "departed_origin" as const,
      milestone_label: "Departed origin",
    };
    const { calls } = fakeApi({
      ...legsRoute,
      "POST shipments/41/legs/11/events/": success(recorded, "Milestone recorded", 201),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<LegsPanel shipmentId={41} side="agent" canChange />);
    const ont8 = await screen.findByRole("article", { name: /ONT8/ });
    await user.click(within(ont8).getByRole("button", { name: "Record milestone" }));

    const dialog = await screen.findByRole("dialog", { name: "Record milestone · ONT8" });
    // The time starts at now, in the browser's zone.
    const when = within(dialog).getByLabelText("When") as HTMLInputElement;
    expect(Math.abs(new Date(when.value).getTime() - Date.now())).toBeLessThan(60_000);

    await user.click(within(dialog).getByRole("combobox", { name: "Milestone" }));
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual([
      "Departed origin",
      "Arrived at destination port/airport",
      "Customs cleared",
      "Out for delivery",
      "Delivered to FC",
    ]);
    await user.click(screen.getByRole("option", { name: "Departed origin" }));

    fireEvent.change(when, { target: { value: "2026-11-12T09:30" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Location" }), {
      target: { value: "Yantian" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Record" }));
    expect(await within(dialog).findByText(legMessages.modeRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await user.click(within(dialog).getByRole("combobox", { name: "Mode" }));
    await user.click(screen.getByRole("option", { name: "Sea" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Vessel or flight" }), {
      target: { value: "MSC Anna" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Record" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      milestone: "departed_origin",
      occurred_at: new Date(2026, 10, 12, 9, 30).toISOString(),
      location: "Yantian",
      note: null,
      mode: "sea",
      vessel_or_flight: "MSC Anna",
    });
    expect(within(ont8).getAllByText("Departed origin").length).toBeGreaterThan(0);
  });

  it("says Delivered needs a proof of delivery, and shows the server's refusal", async () => {
    fakeApi({
      ...legsRoute,
      "POST shipments/41/legs/11/events/": failure(400, "Bad Request", [
        { field: "document_id", message: legMessages.podRequired },
      ]),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<LegsPanel shipmentId={41} side="admin" canChange />);
    const ont8 = await screen.findByRole("article", { name: /ONT8/ });
    await user.click(within(ont8).getByRole("button", { name: "Record milestone" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("combobox", { name: "Milestone" }));
    await user.click(screen.getByRole("option", { name: "Delivered to FC" }));
    expect(within(dialog).getByText(legMessages.podRequired)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Delivered to FC" }), {
      target: { value: "ont8" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Record" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(legMessages.podRequired);
  });

  it("corrects a milestone: the milestone is fixed and the corrected event is named", async () => {
    const { calls } = fakeApi({
      ...legsRoute,
      "POST shipments/41/legs/11/events/": success(legs()[0], "Milestone recorded", 201),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<LegsPanel shipmentId={41} side="agent" canChange />);
    const ont8 = await screen.findByRole("article", { name: /ONT8/ });
    // Booked was the acceptance: it has no Correct action.
    expect(within(ont8).getAllByRole("button", { name: /^Correct/ })).toHaveLength(1);
    await user.click(within(ont8).getByRole("button", { name: "Correct Picked up" }));
    const dialog = await screen.findByRole("dialog", { name: "Correct Picked up · ONT8" });
    expect(within(dialog).getByRole("combobox", { name: "Milestone" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(within(dialog).getByRole("textbox", { name: "Location" })).toHaveValue("Shenzhen");
    await user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      milestone: "picked_up",
      location: "Shenzhen",
      note: "Loaded at dock 4",
      supersedes: 3,
    });
  });
});
