import type { SuccessEnvelope } from "@fba/contract";
import { api, apiRequest } from "../../../lib/api-client";
import { formatFileSize } from "../lib/format";
import type { ChatAttachment } from "@fba/contract";

export async function uploadAttachment(file: File): Promise<ChatAttachment> {
  const form = new FormData();
  form.append("file_size", formatFileSize(file.size));
  form.append("attachment", file);
  const res = await apiRequest<SuccessEnvelope<ChatAttachment>>("chat/attachment/", {
    method: "POST",
    body: form,
  });
  return res.data;
}

/** The attachment again, with a fresh URL (stored URLs expire). */
export async function getAttachment(id: number): Promise<ChatAttachment> {
  const res = await api.get<SuccessEnvelope<ChatAttachment>>(`chat/attachment/${id}/`);
  return res.data;
}
