import { useState } from "react";
import { Button, Stack } from "@mui/material";
import PdfIcon from "@mui/icons-material/PictureAsPdfOutlined";
import { orderPdfFileName, type OrderPdf } from "@fba/contract";
import { Panel } from "../../../components/Panel";
import { downloadFromApi } from "../../../lib/download";
import { toastApiError } from "../../../lib/toast";
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { useOrderPdfsT } from "../i18n";

/** Which PDFs an order has: the confirmation once accepted, the statement once completed. */
export function orderPdfsOf(shipment: Pick<Shipment, "status" | "quotation">): OrderPdf[] {
  if (shipment.status === "Shipment Completed") return ["confirmation", "statement"];
  if (shipment.status === "Quotation Accepted") return ["confirmation"];
  return shipment.status === "Shipment Cancelled" && hasQuotation(shipment.quotation)
    ? ["confirmation"]
    : [];
}

/** Downloads of the order's PDFs (fetched with the session's token, saved as files). */
export function OrderPdfButtons({
  shipment,
}: {
  shipment: Pick<Shipment, "id" | "status" | "quotation">;
}) {
  const { t } = useOrderPdfsT();
  const [busy, setBusy] = useState<OrderPdf | null>(null);
  const pdfs = orderPdfsOf(shipment);
  if (pdfs.length === 0) return null;

  const download = async (pdf: OrderPdf) => {
    setBusy(pdf);
    try {
      await downloadFromApi(
        `shipments/${shipment.id}/${pdf}.pdf`,
        orderPdfFileName(shipment.id, pdf),
      );
    } catch (error) {
      toastApiError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel title={t("orderPdfs.title")}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        {pdfs.map((pdf) => (
          <Button
            key={pdf}
            variant="outlined"
            startIcon={<PdfIcon />}
            disabled={busy !== null}
            onClick={() => void download(pdf)}
          >
            {busy === pdf
              ? t("orderPdfs.preparing")
              : t("orderPdfs.button", { label: t(`orderPdfs.labels.${pdf}`) })}
          </Button>
        ))}
      </Stack>
    </Panel>
  );
}
