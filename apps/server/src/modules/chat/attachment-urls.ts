import { SignedUrlSigner } from "../../lib/signed-urls.js";

/**
 * Signed, short-lived chat attachment URLs (see SignedUrlSigner): the server signs them after
 * checking that the caller may see the chat.
 */
export class AttachmentUrlSigner extends SignedUrlSigner {
  constructor(secret: string, publicUrl: string, now: () => number = Date.now) {
    super({
      secret,
      publicUrl,
      purpose: "chat-attachment-url",
      path: (id) => `/api/chat/attachment/${id}/download/`,
      now,
    });
  }
}
