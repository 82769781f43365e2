import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { BidCountdown, formatRemaining } from "./BidCountdown";

afterEach(() => vi.useRealTimers());

describe("BidCountdown", () => {
  it("formats hours, minutes and seconds", () => {
    expect(formatRemaining(72 * 3600_000)).toBe("72h 00m 00s");
    expect(formatRemaining(3 * 3600_000 + 4 * 60_000 + 9_000 + 500)).toBe("3h 04m 09s");
    expect(formatRemaining(0)).toBe("Closed");
    expect(formatRemaining(-5)).toBe("Closed");
  });

  it("ticks every second and calls onExpire once when it reaches zero", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    const onExpire = vi.fn();
    render(<BidCountdown endsAt="2026-03-01T10:00:03Z" onExpire={onExpire} />);
    expect(screen.getByText("0h 00m 03s")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText("0h 00m 02s")).toBeInTheDocument();
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText("Closed")).toBeInTheDocument();
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("does not fire for a window that was already closed when shown", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    const onExpire = vi.fn();
    render(<BidCountdown endsAt="2026-03-01T09:00:00Z" onExpire={onExpire} />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByText("Closed")).toBeInTheDocument();
    expect(onExpire).not.toHaveBeenCalled();
  });
});
