import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Stars } from "./Stars";

const fills = (image: HTMLElement) =>
  [...image.querySelectorAll("[data-filled]")].map((star) => star.getAttribute("data-filled"));

describe("Stars", () => {
  it("fills the stars up to the value, a half star for a half, as one named image", () => {
    render(<Stars value={3.5} precision={0.5} label="Rated 3.5 out of 5" />);
    const image = screen.getByRole("img", { name: "Rated 3.5 out of 5" });
    expect(image.querySelectorAll("svg")).toHaveLength(5 + 4);
    expect(fills(image)).toEqual(["1", "1", "1", "0.5"]);
  });

  it("rounds to its precision and draws no amber for no value", () => {
    const { unmount } = render(<Stars value={3.7} label="Rated 3.7 out of 5" />);
    expect(fills(screen.getByRole("img"))).toEqual(["1", "1", "1", "1"]);
    unmount();
    render(<Stars value={4.2} precision={0.5} label="Rated 4.2 out of 5" />);
    expect(fills(screen.getByRole("img"))).toEqual(["1", "1", "1", "1"]);
    render(<Stars value={null} label="Not rated" />);
    expect(fills(screen.getByRole("img", { name: "Not rated" }))).toEqual([]);
  });
});
