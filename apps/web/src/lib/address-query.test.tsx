import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { useAddressQuery } from "./address-query";

function Filters() {
  const [query, changeQuery] = useAddressQuery();
  const { search } = useLocation();
  const set = (name: string, value: string) =>
    changeQuery((current) => {
      current.set(name, value);
      return current;
    });
  return (
    <>
      <button
        onClick={() => {
          // Two changes before the first one renders, as a pending navigation leaves them.
          set("status", "decided");
          set("from", "2999-01-01");
        }}
      >
        both
      </button>
      <button onClick={() => set("to", "2999-12-31")}>later</button>
      <output aria-label="address">{search}</output>
      <output aria-label="status">{query.get("status") ?? ""}</output>
    </>
  );
}

describe("useAddressQuery", () => {
  it("keeps a change that has not rendered yet when the next one comes", () => {
    render(
      <MemoryRouter initialEntries={["/admin/disputes?page=1"]}>
        <Filters />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText("both"));
    expect(screen.getByLabelText("address").textContent).toBe(
      "?page=1&status=decided&from=2999-01-01",
    );
    expect(screen.getByLabelText("status").textContent).toBe("decided");
    fireEvent.click(screen.getByText("later"));
    expect(screen.getByLabelText("address").textContent).toBe(
      "?page=1&status=decided&from=2999-01-01&to=2999-12-31",
    );
  });
});
