/**
 * The order's PDFs: a confirmation once the seller accepts a bid and a final statement once the
 * order is completed (bid, final amount, any charge change and its decision, deliveries per FC).
 * `GET /shipments/{id}/confirmation.pdf` and `/statement.pdf`, for the order's parties.
 */
export const ORDER_PDFS = ["confirmation", "statement"] as const;
export type OrderPdf = (typeof ORDER_PDFS)[number];

export const ORDER_PDF_LABELS: Record<OrderPdf, string> = {
  confirmation: "Order confirmation",
  statement: "Final statement",
};

export const orderPdfMessages = {
  confirmationNotReady: "The order confirmation is ready once the seller accepts a bid",
  statementNotReady: "The final statement is ready once the order is completed",
} as const;

/** The file a PDF downloads as, e.g. fba-freight-order-12-statement.pdf. */
export function orderPdfFileName(shipmentId: number, pdf: OrderPdf): string {
  return `fba-freight-order-${shipmentId}-${pdf}.pdf`;
}
