import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { byOpenProp, lazyDialog } from "./lazy-dialog";

function Greeting({ open, name }: { open: boolean; name: string }) {
  return open ? <p role="dialog">Hello {name}</p> : <p>closed</p>;
}

describe("lazyDialog", () => {
  it("loads the dialog's code on its first opening only, and keeps it mounted once closed", async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const LazyGreeting = lazyDialog(load, byOpenProp);

    const { rerender } = render(<LazyGreeting open={false} name="Priya" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText("closed")).toBeNull();

    rerender(<LazyGreeting open name="Priya" />);
    expect(await screen.findByRole("dialog")).toHaveTextContent("Hello Priya");
    expect(load).toHaveBeenCalledTimes(1);

    // Closed again: still mounted (its closing transition can run), not loaded twice.
    rerender(<LazyGreeting open={false} name="Priya" />);
    expect(screen.getByText("closed")).toBeInTheDocument();
    rerender(<LazyGreeting open name="Sam" />);
    expect(screen.getByRole("dialog")).toHaveTextContent("Hello Sam");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows at once a dialog the screen renders only while it is open", async () => {
    const LazyGreeting = lazyDialog(() => Promise.resolve(Greeting));
    render(<LazyGreeting open name="Priya" />);
    expect(await screen.findByRole("dialog")).toHaveTextContent("Hello Priya");
  });
});
