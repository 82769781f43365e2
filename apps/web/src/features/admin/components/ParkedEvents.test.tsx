import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ParkedEvents as ParkedEventsData } from "@fba/contract";
import { fakeApi, renderRoute, success } from "../../../test/fake-api";
import { ParkedEvents } from "./ParkedEvents";

afterEach(() => vi.unstubAllGlobals());

const envelope = <T,>(data: T) => ({ status: "success", status_code: 200, message: "OK", data });

describe("the admins' event delivery section", { timeout: 30_000 }, () => {
  it("lists parked events with their error and retries one", async () => {
    const parked: ParkedEventsData = {
      events: [
        {
          id: 42,
          name: "bidding.closed",
          payload: { shipmentId: 7 },
          attempts: 8,
          last_error: "notify: connection refused",
          created_at: "2026-11-20T10:00:00Z",
        },
      ],
      waiting: 3,
      oldest_waiting_seconds: 12,
      parked: 1,
    };
    const { calls } = fakeApi({
      "GET admin/events/parked/": { body: envelope(parked) },
      "POST admin/events/42/retry/": success(
        { id: 42, retried: true },
        "The event is queued for delivery again",
      ),
    });
    renderRoute(<ParkedEvents />);
    expect(
      await screen.findByText("Event delivery: 3 waiting (oldest 12 s), 1 failed"),
    ).toBeInTheDocument();
    expect(screen.getByText("notify: connection refused")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry event 42" }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === "POST" && call.path === "admin/events/42/retry/"),
      ).toBe(true),
    );
  });
});
