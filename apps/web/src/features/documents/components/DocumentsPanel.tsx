import { Box, Chip, Link, Stack, Typography } from "@mui/material";
import { formatFileSize, type Leg, type OrderDocument } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { Panel } from "../../../components/Panel";
import { RequiredDocuments } from "../../../entities/document/components/RequiredDocuments";
import { useDocumentsT, useLocalDay } from "../i18n";
import { mediaUrl } from "../../../lib/media-url";
import { useDocuments } from "../api/documents";
import { legLabel } from "../lib/leg-label";
import { UploadDocumentForm } from "./UploadDocumentForm";
import { Rule } from "../../../components/Rule";

export interface DocumentsChecklist {
  required: readonly string[];
  missing: readonly string[];
}

/**
 * An order's documents: what is still needed before pickup, the upload form, and every version of
 * every document with who uploaded it and when.
 */
export function DocumentsPanel({
  shipmentId,
  legs,
  canUpload,
  checklist,
}: {
  shipmentId: number;
  legs: Leg[];
  /** False once the order is cancelled: its documents stay readable. */
  canUpload: boolean;
  /** The seller's checklist; the other parties see only what is missing. */
  checklist?: DocumentsChecklist;
}) {
  const { t } = useDocumentsT();
  const day = useLocalDay();
  const query = useDocuments(shipmentId);
  const legName = (id: number | null) => {
    const leg = id === null ? undefined : legs.find((item) => item.id === id);
    return leg ? legLabel(leg) : t("panel.wholeOrder");
  };

  const columns: DataTableColumn<OrderDocument>[] = [
    {
      id: "type",
      label: t("panel.columns.type"),
      render: (doc) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <span>{t(`types.${doc.type}`, { defaultValue: doc.type })}</span>
          {!doc.latest && <Chip size="small" variant="outlined" label={t("panel.olderVersion")} />}
        </Stack>
      ),
    },
    { id: "leg", label: t("panel.columns.leg"), render: (doc) => legName(doc.leg) },
    {
      id: "version",
      label: t("panel.columns.version"),
      render: (doc) => t("panel.version", { version: doc.version }),
    },
    {
      id: "file",
      label: t("panel.columns.file"),
      render: (doc) => (
        <Link
          href={mediaUrl(doc.download_url)}
          target="_blank"
          rel="noopener"
          onClick={(event) => event.stopPropagation()}
          sx={{ overflowWrap: "anywhere" }}
        >
          {doc.file_name}
        </Link>
      ),
    },
    {
      id: "uploaded_by",
      label: t("panel.columns.uploadedBy"),
      render: (doc) => `${doc.uploaded_by.first_name} ${doc.uploaded_by.last_name}`,
    },
    { id: "created_at", label: t("panel.columns.date"), render: (doc) => day(doc.created_at) },
    { id: "size", label: t("panel.columns.size"), render: (doc) => formatFileSize(doc.size_bytes) },
  ];

  return (
    <Panel title={t("panel.title")}>
      <Stack spacing={2}>
        {checklist && checklist.required.length > 0 && (
          <RequiredDocuments
            title={t("panel.neededBeforePickup")}
            required={checklist.required}
            missing={checklist.missing}
          />
        )}
        {canUpload && (
          <>
            <UploadDocumentForm shipmentId={shipmentId} legs={legs} />
            <Rule />
          </>
        )}
        <Box>
          <DataTable
            ariaLabel={t("panel.tableLabel")}
            columns={columns}
            rows={query.data ?? []}
            rowKey={(doc) => doc.id}
            emptyText={t("panel.empty")}
            query={query}
            what={t("panel.what")}
          />
          {(query.data?.length ?? 0) > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t("panel.linksExpire")}
            </Typography>
          )}
        </Box>
      </Stack>
    </Panel>
  );
}
