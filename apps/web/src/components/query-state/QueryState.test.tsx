import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { onlineManager, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { failure, fakeApi, renderRoute, success, type FakeResponse } from "../../test/fake-api";
import { QueryState } from "./QueryState";

function Greeting() {
  const query = useQuery({
    queryKey: ["greeting"],
    queryFn: ({ signal }) => api.get<{ data: string }>("greeting/", undefined, signal),
  });
  return (
    <QueryState
      query={query}
      what="the greeting"
      renderError={(error) =>
        error instanceof Error && error.message === "Bad Request" ? <p>Refused</p> : undefined
      }
    >
      {(res) => <p>{res.data}</p>}
    </QueryState>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe("QueryState", () => {
  it("shows a server error with a Retry that asks again", async () => {
    let answer: FakeResponse = failure(500, "Internal Server Error");
    const { calls } = fakeApi({ "GET greeting/": () => answer });
    renderRoute(<Greeting />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the greeting");
    expect(alert).toHaveTextContent("Something went wrong on our side. Try again in a moment.");
    expect(screen.queryByText("Hello")).not.toBeInTheDocument();

    answer = success("Hello");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Hello")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("shows the server's own message for a refusal a page does not answer itself", async () => {
    fakeApi({ "GET greeting/": failure(403, "You do not have permission") });
    renderRoute(<Greeting />);
    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission");
  });

  it("lets the page answer the errors it knows", async () => {
    fakeApi({ "GET greeting/": failure(400, "Bad Request") });
    renderRoute(<Greeting />);
    expect(await screen.findByText("Refused")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("says the server cannot be reached when the request never gets an answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderRoute(<Greeting />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cannot reach the server");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("says it is offline, then loads by itself once the connection is back", async () => {
    const { calls } = fakeApi({ "GET greeting/": success("Hello") });
    onlineManager.setOnline(false);
    renderRoute(<Greeting />);

    expect(await screen.findByRole("alert")).toHaveTextContent("You are offline");
    expect(calls).toHaveLength(0);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText("Hello")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("keeps the data it has and says so when a refresh fails", async () => {
    let answer: FakeResponse = success("Hello");
    fakeApi({ "GET greeting/": () => answer });
    const { queryClient } = renderRoute(<Greeting />);
    expect(await screen.findByText("Hello")).toBeInTheDocument();

    answer = failure(502, "Bad Gateway");
    await act(() => queryClient.refetchQueries({ queryKey: ["greeting"] }));
    expect(screen.getByText("Hello")).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the greeting");
  });
});
