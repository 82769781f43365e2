import { Box, Chip, Link, Stack, Typography } from "@mui/material";
import { formatFileSize, type Leg, type OrderDocument } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { Panel } from "../../../components/Panel";
import { RequiredDocuments } from "../../../entities/document/components/RequiredDocuments";
import { formatCalendarDay } from "../../../lib/format";
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
  const query = useDocuments(shipmentId);
  const legName = (id: number | null) => {
    const leg = id === null ? undefined : legs.find((item) => item.id === id);
    return leg ? legLabel(leg) : "Whole order";
  };

  const columns: DataTableColumn<OrderDocument>[] = [
    {
      id: "type",
      label: "Type",
      render: (doc) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <span>{doc.type}</span>
          {!doc.latest && <Chip size="small" variant="outlined" label="Older version" />}
        </Stack>
      ),
    },
    { id: "leg", label: "Leg", render: (doc) => legName(doc.leg) },
    { id: "version", label: "Version", render: (doc) => `v${doc.version}` },
    {
      id: "file",
      label: "File",
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
      label: "Uploaded by",
      render: (doc) => `${doc.uploaded_by.first_name} ${doc.uploaded_by.last_name}`,
    },
    { id: "created_at", label: "Date", render: (doc) => formatCalendarDay(doc.created_at) },
    { id: "size", label: "Size", render: (doc) => formatFileSize(doc.size_bytes) },
  ];

  return (
    <Panel title="Documents">
      <Stack spacing={2}>
        {checklist && checklist.required.length > 0 && (
          <RequiredDocuments
            title="Needed before pickup"
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
            ariaLabel="Order documents"
            columns={columns}
            rows={query.data ?? []}
            rowKey={(doc) => doc.id}
            emptyText="No documents yet"
            query={query}
            what="the documents"
          />
          {(query.data?.length ?? 0) > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Download links work for an hour; reopen the page for fresh ones.
            </Typography>
          )}
        </Box>
      </Stack>
    </Panel>
  );
}
