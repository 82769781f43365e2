import type { Readable } from "node:stream";
import {
  documentMessages,
  shipmentMessages,
  type DocumentMimeType,
  type OrderDocument,
  type UploadDocumentFields,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import { displayName } from "../../lib/file-serving.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import { newStorageKey, type FileStorage } from "../../lib/storage.js";
import type { StorageQuota } from "../auth/index.js";
import type { AuthUser } from "../../lib/principal.js";
import { downloadName, presentDocuments } from "./documents.presenter.js";
import {
  clearUploadIntent,
  documentsOf,
  findDocument,
  insertDocument,
  recordUploadIntent,
  isLegOf,
  type DocumentRow,
} from "./documents.repository.js";
import { isLiveOrder, isOrder, orderParty, orderState, type OrderState } from "../legs/index.js";

/** The types a document may be, by their bytes, with the extension it is stored and served with. */
const EXTENSIONS: Record<DocumentMimeType, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

export interface DocumentServiceDeps {
  db: Db;
  events: EventBus;
  storage: FileStorage;
  signer: SignedUrlSigner;
  /** The uploader's storage total: checked before the file is written, charged with its row. */
  quota: StorageQuota;
}

/** An order's typed documents: uploaded by its seller, winning agent or an admin, every version kept. */
export class DocumentService {
  constructor(private readonly deps: DocumentServiceDeps) {}

  private readonly urlFor = (id: number) => this.deps.signer.url(id);

  /** The order, when the caller is one of its parties; everyone else gets the refusal for other orders. */
  private async partyTo(user: AuthUser, shipmentId: number): Promise<OrderState> {
    const order = await orderState(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    if (!orderParty(user, order)) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    return order;
  }

  /** Checked before the body is read: a refused upload costs no disk and little bandwidth. */
  async assertCanUpload(user: AuthUser, shipmentId: number): Promise<OrderState> {
    const order = await this.partyTo(user, shipmentId);
    if (!isOrder(order)) throw AppError.badRequest(documentMessages.notAnOrder);
    if (!isLiveOrder(order)) throw AppError.badRequest(documentMessages.orderClosed);
    return order;
  }

  /**
   * 413 when the caller's storage quota is already full (before the body is read); `field` names
   * the file part of the route asking.
   */
  async assertRoom(user: AuthUser, field: string): Promise<void> {
    await this.deps.quota.assertRoom(this.deps.db, user.id, 0, field);
  }

  async list(user: AuthUser, shipmentId: number): Promise<OrderDocument[]> {
    const order = await this.partyTo(user, shipmentId);
    if (!isOrder(order)) return [];
    return presentDocuments(await documentsOf(this.deps.db, shipmentId), this.urlFor);
  }

  /**
   * Stores a document. Its type is decided by its bytes, never its name or declared type. The file
   * is written first and removed again when its row cannot be inserted, so neither stays alone.
   */
  async upload(
    user: AuthUser,
    shipmentId: number,
    fields: UploadDocumentFields,
    file: { bytes: Buffer; fileName: string | undefined },
    /** The form's file part, named in a quota refusal. */
    fileField = "file",
  ): Promise<OrderDocument> {
    const order = await this.assertCanUpload(user, shipmentId);
    if (fields.leg_id !== undefined && !(await isLegOf(this.deps.db, shipmentId, fields.leg_id))) {
      throw AppError.field("leg_id", documentMessages.legUnknown);
    }
    // Loaded on the first upload, not at start.
    const { fileTypeFromBuffer } = await import("file-type");
    const detected = await fileTypeFromBuffer(file.bytes);
    const extension = detected ? EXTENSIONS[detected.mime as DocumentMimeType] : undefined;
    if (!detected || !extension) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", documentMessages.fileType, [
        { field: "file", message: documentMessages.fileType },
      ]);
    }
    const size = file.bytes.length;
    // Checked before the write so a file that cannot fit costs no disk; charged with the row.
    await this.deps.quota.assertRoom(this.deps.db, user.id, size, fileField);
    // The intent is written before the file and goes with the row that keeps it: a process that
    // dies in between leaves an intent, and sweepUploadIntents removes the file it names.
    const key = newStorageKey("documents", extension);
    await recordUploadIntent(this.deps.db, key);
    let id: number;
    const staged = this.deps.events.staged();
    try {
      await this.deps.storage.write(key, file.bytes);
      id = await this.deps.db.transaction(async (tx) => {
        // Refuses (and rolls back) when parallel uploads took the room since the check above.
        await this.deps.quota.charge(tx, user.id, size, fileField);
        await clearUploadIntent(tx, key);
        const documentId = await insertDocument(tx, {
          shipmentId,
          legId: fields.leg_id ?? null,
          type: fields.type,
          storageKey: key,
          fileName: displayName(file.fileName, "document"),
          mimeType: detected.mime,
          sizeBytes: size,
          uploadedBy: user.id,
        });
        await staged.record(tx, "document.uploaded", {
          shipmentId,
          documentId,
          type: fields.type,
          legId: fields.leg_id ?? null,
          sellerId: order.sellerId,
          agentId: order.winnerAgentId,
          byUserId: user.id,
        });
        return documentId;
      });
    } catch (error) {
      await this.deps.storage.remove(key);
      await clearUploadIntent(this.deps.db, key);
      throw error;
    }
    staged.emit();
    const documents = presentDocuments(await documentsOf(this.deps.db, shipmentId), this.urlFor);
    return documents.find((document) => document.id === id)!;
  }

  /**
   * The stored bytes. `caller` null means a valid signed URL already vouched for the request;
   * otherwise the caller must be a party to the document's order.
   */
  async open(
    documentId: number,
    caller: AuthUser | null,
  ): Promise<{ document: DocumentRow; name: string; stream: Readable }> {
    const document = await findDocument(this.deps.db, documentId);
    if (!document) throw AppError.notFound(documentMessages.notFound);
    if (caller) await this.partyTo(caller, document.shipmentId);
    const stream = await this.deps.storage.read(document.storageKey);
    if (!stream) throw AppError.notFound(documentMessages.notFound);
    return { document, name: downloadName(document), stream };
  }
}
