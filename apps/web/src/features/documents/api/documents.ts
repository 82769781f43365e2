import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderDocument, OrderDocumentType, SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentChanged } from "../../../entities/shipment/api/changes";
import { uploadWithProgress, type UploadProgress } from "../../../lib/upload";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import { orderRequests } from "../../../entities/shipment/api/requests";

/** Under the shipments' root key, so whatever refreshes an order's reads refreshes these too. */
export const documentKeys = {
  all: [...shipmentKeys.all, "documents"] as const,
  of: (shipmentId: number) => [...documentKeys.all, shipmentId] as const,
};

export async function getDocuments(
  shipmentId: number,
  signal?: AbortSignal,
): Promise<OrderDocument[]> {
  const res = await api.read<SuccessEnvelope<OrderDocument[]>>(
    orderRequests.documents(shipmentId),
    signal,
  );
  return res.data;
}

export const documentsQueryOptions = (shipmentId: number) =>
  queryOptions({
    queryKey: documentKeys.of(shipmentId),
    queryFn: ({ signal }) => getDocuments(shipmentId, signal),
  });

export function useDocuments(shipmentId: number) {
  return useQuery(documentsQueryOptions(shipmentId));
}

export interface DocumentUpload {
  type: OrderDocumentType;
  /** The leg it belongs to; null for the whole order. */
  legId: number | null;
  file: File;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export function uploadDocument(shipmentId: number, upload: DocumentUpload) {
  const form = new FormData();
  form.append("type", upload.type);
  if (upload.legId !== null) form.append("leg_id", String(upload.legId));
  form.append("file", upload.file);
  return uploadWithProgress<SuccessEnvelope<OrderDocument>>(
    `shipments/${shipmentId}/documents/`,
    form,
    { onProgress: upload.onProgress, signal: upload.signal },
  );
}

/** A new document changes the order's list and what the order and the lists say is missing. */
export function useUploadDocument(shipmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: DocumentUpload) => uploadDocument(shipmentId, upload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.of(shipmentId) }),
        shipmentChanged.order(queryClient, shipmentId),
      ]),
  });
}
