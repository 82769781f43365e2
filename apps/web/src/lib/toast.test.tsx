import { render, screen } from "@testing-library/react";
import { ToastContainer } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { notify, toastHost } from "./toast";

describe("toasts", () => {
  it("ask for their host with the first toast, and wait for it to mount", async () => {
    const listener = vi.fn();
    const unsubscribe = toastHost.subscribe(listener);
    expect(toastHost.wanted()).toBe(false);

    notify.success("Quotation saved");
    expect(toastHost.wanted()).toBe(true);
    notify.error("Line one\nLine two");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();

    // The host mounts only now (App renders it once a toast is wanted): nothing is lost.
    render(<ToastContainer />);
    expect(await screen.findByText("Quotation saved")).toBeInTheDocument();
    expect(await screen.findByText(/Line one/)).toBeInTheDocument();
  });
});
