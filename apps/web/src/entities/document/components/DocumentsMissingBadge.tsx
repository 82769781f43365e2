import { Chip } from "@mui/material";
import type { ShipmentListRow } from "@fba/contract";
import { useEntitiesT, useEntitiesTranslate } from "../../../i18n/entities";
import { documentTypeList } from "../../../i18n/document-types";

/** On an accepted order's row: the documents the agent still needs before pickup. */
export function DocumentsMissingBadge({
  row,
}: {
  row: Pick<ShipmentListRow, "status" | "documents_missing">;
}) {
  const { t } = useEntitiesT();
  const translate = useEntitiesTranslate();
  if (row.status !== "Quotation Accepted" || row.documents_missing.length === 0) return null;
  const title = t("documents.missingTitle", {
    names: documentTypeList(translate, row.documents_missing),
  });
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={t("documents.missing")}
      title={title}
      aria-label={title}
      sx={{ height: 20, fontSize: 12, ml: 1 }}
    />
  );
}
