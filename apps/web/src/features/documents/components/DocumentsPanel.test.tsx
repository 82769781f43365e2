import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DOCUMENT_MAX_BYTES, documentMessages, type Leg, type OrderDocument } from "@fba/contract";
import { fakeApi, success } from "../../../test/fake-api";
import { FakeXhr } from "../../../test/fake-xhr";
import { renderRoute, setViewport } from "../../../test/render-route";
import { DocumentsPanel } from "./DocumentsPanel";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const leg = { id: 5, fc_code: "ONT8", fc_name: "Moreno Valley" } as Leg;

const doc = (overrides: Partial<OrderDocument>): OrderDocument => ({
  id: 1,
  shipment: 41,
  leg: null,
  type: "Commercial invoice",
  version: 1,
  latest: true,
  file_name: "invoice.pdf",
  mime_type: "application/pdf",
  size_bytes: 2048,
  uploaded_by: { id: 7, first_name: "Sally", last_name: "Seller" },
  created_at: "2026-11-21T10:00:00Z",
  download_url: "http://app.example/api/documents/1/download?expires=1&signature=x",
  ...overrides,
});

const documents = [
  doc({ id: 3, version: 2, file_name: "invoice-v2.pdf", created_at: "2026-11-22T10:00:00Z" }),
  doc({
    id: 2,
    type: "Proof of delivery",
    leg: 5,
    file_name: "pod.png",
    mime_type: "image/png",
    uploaded_by: { id: 9, first_name: "Andy", last_name: "Agent" },
  }),
  doc({ id: 1, latest: false }),
];

function renderPanel() {
  return renderRoute(
    <DocumentsPanel
      shipmentId={41}
      legs={[leg]}
      canUpload
      checklist={{
        required: ["Commercial invoice", "Packing list", "FBA box labels"],
        missing: ["Packing list", "FBA box labels"],
      }}
    />,
  );
}

const pdf = (name: string, size = 1000, type = "application/pdf") => {
  const file = new File(["%PDF"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

beforeEach(() => {
  setViewport(1440);
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("DocumentsPanel", { timeout: 60_000 }, () => {
  it("lists every version with its leg, uploader, date and size, and the seller's checklist", async () => {
    fakeApi({ "GET shipments/41/documents/": success(documents) });
    renderPanel();
    await screen.findByText("invoice-v2.pdf");
    const table = screen.getByRole("table", { name: "Order documents" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        "Commercial invoice",
        "Whole order",
        "v2",
        "invoice-v2.pdf",
        "Sally Seller",
        "11/22/2026",
        "2.0 KB",
      ],
      [
        "Proof of delivery",
        "ONT8 · Moreno Valley",
        "v1",
        "pod.png",
        "Andy Agent",
        "11/21/2026",
        "2.0 KB",
      ],
      [
        "Commercial invoiceOlder version",
        "Whole order",
        "v1",
        "invoice.pdf",
        "Sally Seller",
        "11/21/2026",
        "2.0 KB",
      ],
    ]);
    // The link opens on the address the app was opened on.
    expect(within(rows[0]!).getByRole("link", { name: "invoice-v2.pdf" })).toHaveAttribute(
      "href",
      "/api/documents/1/download?expires=1&signature=x",
    );
    const checklist = screen.getByRole("list", { name: "Needed before pickup" });
    expect(
      within(checklist)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Commercial invoice: uploaded", "Packing list: missing", "FBA box labels: missing"]);
  });

  it("says why a file is refused before sending it: its size or its type", async () => {
    fakeApi({ "GET shipments/41/documents/": success([]) });
    const user = userEvent.setup({ applyAccept: false });
    renderPanel();
    await screen.findByText("No documents yet");
    const input = screen.getByLabelText("Document file");
    await user.upload(input, pdf("scan.pdf", DOCUMENT_MAX_BYTES + 1));
    expect(screen.getByText(documentMessages.fileTooLarge)).toBeInTheDocument();
    await user.upload(input, pdf("setup.exe", 1000, "application/x-msdownload"));
    expect(screen.getByText(documentMessages.fileType)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByText(documentMessages.typeRequired)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the upload's progress, can cancel it, and shows the server's reason for a refusal", async () => {
    fakeApi({ "GET shipments/41/documents/": success([]) });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText("No documents yet");
    await user.selectOptions(
      screen.getByRole("combobox", { name: /Document type/ }),
      "Proof of delivery",
    );
    await user.upload(screen.getByLabelText("Document file"), pdf("pod.pdf"));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    // Proof of delivery belongs to a leg.
    expect(screen.getByText(documentMessages.legRequired)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Leg" }), "ONT8 · Moreno Valley");

    await user.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0]!;
    const sent = first.body as FormData;
    expect([sent.get("type"), sent.get("leg_id"), (sent.get("file") as File).name]).toEqual([
      "Proof of delivery",
      "5",
      "pod.pdf",
    ]);
    first.progress(400, 1000);
    expect(await screen.findByRole("progressbar", { name: "Uploading pod.pdf: 40%" })).toHaveValue(
      40,
    );
    expect(screen.getByText("Uploading pod.pdf: 40%")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(first.aborted).toBe(true);
    expect(await screen.findByText("Upload cancelled. Nothing was saved.")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(415, {
      status: "error",
      status_code: 415,
      message: documentMessages.fileType,
      errors: [{ field: "file", message: documentMessages.fileType }],
    });
    expect(await screen.findByText(documentMessages.fileType)).toBeInTheDocument();
  });
});
