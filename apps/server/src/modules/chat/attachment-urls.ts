import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a signed attachment URL works; clients ask for a fresh one after that. */
const ATTACHMENT_URL_TTL_SECONDS = 60 * 60;

/**
 * Signed, short-lived attachment URLs. `<img src>` and plain links cannot send a bearer header,
 * and putting the access token in a URL would leak it to history and logs; instead the server
 * signs (attachment id, expiry) after checking that the caller may see the chat. A leaked URL
 * works for at most an hour and for that one file only.
 */
export class AttachmentUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own, derived from the server secret, so these signatures can never be
    // confused with JWT signatures.
    this.key = createHmac("sha256", secret).update("chat-attachment-url").digest();
  }

  private signature(attachmentId: number, expires: number): string {
    return createHmac("sha256", this.key).update(`${attachmentId}.${expires}`).digest("base64url");
  }

  url(attachmentId: number): string {
    // Rounded expiry: URLs stay identical for a while, so browsers can cache the bytes.
    const step = 300;
    const expires =
      Math.ceil((Math.floor(this.now() / 1000) + ATTACHMENT_URL_TTL_SECONDS) / step) * step;
    const base = this.publicUrl.replace(/\/+$/, "");
    return `${base}/api/chat/attachment/${attachmentId}/download/?expires=${expires}&signature=${this.signature(attachmentId, expires)}`;
  }

  verify(attachmentId: number, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.signature(attachmentId, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
