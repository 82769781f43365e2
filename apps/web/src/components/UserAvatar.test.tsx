import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { UserAvatar } from "./UserAvatar";

describe("UserAvatar", () => {
  it("loads the picture from the page's own origin, whatever address the API named", () => {
    render(
      <UserAvatar
        firstName="Priya"
        lastName="Tester"
        image="http://127.0.0.1:3100/api/users/4/avatar/?v=9f8e7d6c5b4a39281706f5e4d3c2b1a0"
      />,
    );
    expect(screen.getByRole("img", { name: "Priya Tester" })).toHaveAttribute(
      "src",
      "/api/users/4/avatar/?v=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    );
  });

  it("shows the initials without a picture", () => {
    render(<UserAvatar firstName="Priya" lastName="Tester" image={null} />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("PT")).toBeInTheDocument();
  });
});
