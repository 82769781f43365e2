import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "../../../app/theme";
import { SampleShipmentDialog } from "./SampleShipmentDialog";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
}));
const { notify } = await import("../../../lib/toast");

function renderDialog(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SampleShipmentDialog open onClose={onClose} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { onClose, queryClient };
}

const submitButton = () => screen.getByRole("button", { name: "Submit" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("SampleShipmentDialog", { timeout: 30_000 }, () => {
  it("keeps Submit disabled until every field is valid", async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Product Name/), "Bamboo cups");
    await user.type(screen.getByLabelText(/Amount of Samples/), "12");
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Delivery Address/), "12 Harbour Road, Leeds");
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it("validates on every change with the field messages", async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    const product = screen.getByLabelText(/Product Name/);
    await user.type(product, "A");
    await user.clear(product);
    expect(await screen.findByText("Product name is required")).toBeInTheDocument();
    await user.type(product, "Mugs");
    await waitFor(() =>
      expect(screen.queryByText("Product name is required")).not.toBeInTheDocument(),
    );

    const quantity = screen.getByLabelText(/Amount of Samples/);
    await user.type(quantity, "0");
    expect(await screen.findByText("Amount of Samples must be at least 1")).toBeInTheDocument();
  });

  it("shows every field's error at once when a field is left, so a disabled Submit explains itself", async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    await user.type(screen.getByLabelText(/Product Name/), "Bamboo cups");
    await user.tab();
    expect(await screen.findByText("Amount of Samples is required")).toBeInTheDocument();
    expect(screen.getByText("Delivery Address is required")).toBeInTheDocument();
    expect(screen.queryByText("Product name is required")).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it("refuses a quantity with a decimal point as typed and caps the lengths at 50, 5 and 100", async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    const quantity = screen.getByLabelText(/Amount of Samples/);
    await user.type(quantity, "1.5");
    expect(quantity).toHaveValue("1.5");
    expect(
      await screen.findByText("Amount of Samples must contain only digits"),
    ).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, "15");
    await waitFor(() =>
      expect(
        screen.queryByText("Amount of Samples must contain only digits"),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/Product Name/)).toHaveAttribute("maxlength", "50");
    expect(quantity).toHaveAttribute("maxlength", "5");
    expect(screen.getByLabelText(/Delivery Address/)).toHaveAttribute("maxlength", "100");
  });

  it("closes on Escape and on the close button", async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderDialog();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("posts the request, shows the server's message and refreshes the sample lists", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(
        JSON.stringify({
          status: "success",
          status_code: 201,
          message: "Sample Shipment created successfully",
          data: { id: 7 },
        }),
        { status: 201, headers: { "content-type": "application/json" } },
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { onClose, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    await user.type(screen.getByLabelText(/Product Name/), "  Bamboo cups ");
    await user.type(screen.getByLabelText(/Amount of Samples/), "3");
    await user.type(screen.getByLabelText(/Delivery Address/), "12 Harbour Road");
    // The form validates as it changes: Submit enables once the last change is checked.
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/sample-shipments/");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({
      product_name: "Bamboo cups",
      quantity: 3,
      address: "12 Harbour Road",
    });
    expect(notify.success).toHaveBeenCalledWith("Sample Shipment created successfully");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["sample-shipments"] });
  });

  it("puts server field errors under the fields", async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({
            status: "error",
            status_code: 400,
            message: "Bad Request",
            errors: [
              { field: "address", message: "Delivery Address cannot exceed 100 characters" },
            ],
          }),
          { status: 400, headers: { "content-type": "application/json" } },
        ),
      ),
    );
    const { onClose } = renderDialog();
    await user.type(screen.getByLabelText(/Product Name/), "Cups");
    await user.type(screen.getByLabelText(/Amount of Samples/), "3");
    await user.type(screen.getByLabelText(/Delivery Address/), "Somewhere");
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    expect(
      await screen.findByText("Delivery Address cannot exceed 100 characters"),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
