import { describe, expect, it, vi } from "vitest";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "../../app/theme";
import { DataTable, type DataTableColumn } from "./DataTable";
import { pagingOf } from "./use-list-state";

interface Row {
  id: number;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: "id", label: "Shipment ID", sortable: true, render: (row) => row.id },
  { id: "product_name", label: "Product Name", render: (row) => row.name },
];

function setViewport(width: number) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (max ? width <= Number(max[1]) : true) && (min ? width >= Number(min[1]) : true);
    return {
      matches,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    };
  });
}

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <DataTable<Row>
        columns={columns}
        rows={[
          { id: 7, name: "Desk lamp" },
          { id: 9, name: "Yoga mat" },
        ]}
        rowKey={(row) => row.id}
        emptyText="You have no order yet"
        {...props}
      />
    </ThemeProvider>,
  );
}

describe("DataTable", () => {
  it("renders headers and rows on a desktop", () => {
    setViewport(1280);
    renderTable();
    expect(screen.getByRole("columnheader", { name: "Shipment ID" })).toBeInTheDocument();
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText("Desk lamp")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("9")).toBeInTheDocument();
  });

  it("shows the empty text when there are no rows, and a spinner while loading", () => {
    setViewport(1280);
    const { rerender } = renderTable({ rows: [], emptyText: "You have no bid yet" });
    expect(screen.getByText("You have no bid yet")).toBeInTheDocument();
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable<Row>
          columns={columns}
          rows={[]}
          rowKey={(row) => row.id}
          emptyText="You have no bid yet"
          loading
        />
      </ThemeProvider>,
    );
    expect(screen.queryByText("You have no bid yet")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Loading")).toBeInTheDocument();
  });

  it("renders arriving rows in the background without ever showing the empty text", async () => {
    setViewport(375);
    const { container, rerender } = renderTable({ rows: [], loading: true });
    const seen: string[] = [];
    // Every node React adds on the way (the records keep nodes already taken out again).
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) seen.push(node.textContent ?? "");
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `Crate ${i + 1}` }));
    await act(async () =>
      rerender(
        <ThemeProvider theme={theme}>
          <DataTable<Row>
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            emptyText="You have no order yet"
          />
        </ThemeProvider>,
      ),
    );
    observer.disconnect();
    expect(screen.getAllByRole("listitem")).toHaveLength(50);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((text) => text.includes("You have no order yet"))).toBe(false);
  });

  it("shows the paging bar once the first page has loaded", () => {
    setViewport(1280);
    const paging = { page: 1, pages: 3, onPageChange: vi.fn() };
    const { rerender } = renderTable({ ...paging, rows: [], loading: true });
    expect(screen.queryByText("Page 1 of 3")).not.toBeInTheDocument();
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable<Row>
          columns={columns}
          rows={[{ id: 7, name: "Desk lamp" }]}
          rowKey={(row) => row.id}
          emptyText="You have no order yet"
          {...paging}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("says Page N of many when the server capped its count, and pages on while rows follow", async () => {
    setViewport(1280);
    const onPageChange = vi.fn();
    // The server counted up to its cap (1,000 rows = 20 pages of 50) and stopped.
    const option = {
      page: 20,
      pages: 20,
      per_page: 50,
      count: 1000,
      count_is_capped: true,
      has_more: true,
    };
    const { rerender } = renderTable({ page: 20, perPage: 50, onPageChange, ...pagingOf(option) });
    expect(screen.getByText("Page 20 of many")).toBeInTheDocument();
    expect(screen.queryByText("Page 20 of 20")).not.toBeInTheDocument();
    // Past the capped page count, Next still goes on while the server says rows follow.
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenCalledWith(21);
    // The page that ends the list has an exact count and no Next.
    const last = { ...option, page: 23, pages: 23, count: 1120, count_is_capped: false };
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable<Row>
          columns={columns}
          rows={[{ id: 7, name: "Desk lamp" }]}
          rowKey={(row) => row.id}
          emptyText="x"
          page={23}
          onPageChange={onPageChange}
          {...pagingOf({ ...last, has_more: false })}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText("Page 23 of 23")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("pages by the count alone when the server does not say whether rows follow", () => {
    setViewport(1280);
    const paging = { page: 2, perPage: 50, onPageChange: vi.fn() };
    const option = { page: 2, pages: 2, per_page: 50, count: 60 };
    renderTable({ ...paging, ...pagingOf(option) });
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();
  });

  it("toggles ordering ascending then descending on a sortable header", async () => {
    setViewport(1280);
    const onOrderingChange = vi.fn();
    const { rerender } = renderTable({ onOrderingChange });
    await userEvent.click(screen.getByRole("button", { name: "Shipment ID" }));
    expect(onOrderingChange).toHaveBeenLastCalledWith("id");
    rerender(
      <ThemeProvider theme={theme}>
        <DataTable<Row>
          columns={columns}
          rows={[]}
          rowKey={(row) => row.id}
          emptyText="x"
          ordering="id"
          onOrderingChange={onOrderingChange}
        />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Shipment ID" }));
    expect(onOrderingChange).toHaveBeenLastCalledWith("-id");
    // A non-sortable header is plain text.
    expect(screen.queryByRole("button", { name: "Product Name" })).not.toBeInTheDocument();
  });

  it("pages with previous and next and shows Page X of Y", async () => {
    setViewport(1280);
    const onPageChange = vi.fn();
    renderTable({ page: 1, pages: 3, perPage: 50, onPageChange });
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("offers the per-page sizes 50, 100, 150 and 200", async () => {
    setViewport(1280);
    const onPerPageChange = vi.fn();
    renderTable({ page: 1, pages: 1, perPage: 50, onPageChange: vi.fn(), onPerPageChange });
    const select = screen.getByRole("combobox", { name: "Per Page" });
    expect(select).toHaveValue("50");
    const options = within(select)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual(["50", "100", "150", "200"]);
    await userEvent.selectOptions(select, "150");
    expect(onPerPageChange).toHaveBeenCalledWith(150);
  });

  it("debounces the search box", async () => {
    setViewport(1280);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSearchChange = vi.fn();
    renderTable({ search: "", onSearchChange });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole("textbox", { name: "Search" }), "lamp");
    expect(onSearchChange).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    expect(onSearchChange).toHaveBeenCalledWith("lamp");
    vi.useRealTimers();
  });

  it("renders rows as labelled cards under 768 px and opens a row on click", async () => {
    setViewport(375);
    const onRowClick = vi.fn();
    renderTable({ onRowClick, ariaLabel: "Orders" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Orders" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    // Each card pairs a column's label with the row's value.
    expect(within(cards[0]!).getAllByRole("term")[0]).toHaveTextContent("Shipment ID");
    expect(within(cards[0]!).getAllByRole("definition")[1]).toHaveTextContent("Desk lamp");
    // The card is not a button itself, so links and buttons in its cells are not nested in one.
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    await userEvent.click(within(cards[1]!).getByText("Yoga mat"));
    expect(onRowClick).toHaveBeenCalledWith({ id: 9, name: "Yoga mat" });
  });

  it("shows the empty text outside the card list on phones", () => {
    setViewport(375);
    renderTable({ rows: [], ariaLabel: "Orders" });
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You have no order yet");
  });
});
