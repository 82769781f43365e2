import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a signed file URL works; clients ask for a fresh one after that. */
const SIGNED_URL_TTL_SECONDS = 60 * 60;

export interface SignedUrlOptions {
  /** The server secret; each purpose derives a key of its own from it. */
  secret: string;
  publicUrl: string;
  /** Names what the links open, so a link for one kind of file never opens another kind. */
  purpose: string;
  /** The download path of one file, e.g. `/api/documents/12/download`. */
  path: (id: number) => string;
  now?: () => number;
}

/**
 * Signed, short-lived file URLs. `<img src>` and plain links cannot send a bearer header, and
 * putting the access token in a URL would leak it to history and logs; instead the server signs
 * (file id, expiry) after checking that the caller may see the file. A leaked URL works for at most
 * an hour and for that one file only.
 */
export class SignedUrlSigner {
  private readonly key: Buffer;
  private readonly now: () => number;

  constructor(private readonly options: SignedUrlOptions) {
    // A key of its own, derived from the server secret, so these signatures can never be
    // confused with JWT signatures or with another purpose's links.
    this.key = createHmac("sha256", options.secret).update(options.purpose).digest();
    this.now = options.now ?? Date.now;
  }

  private signature(id: number, expires: number): string {
    return createHmac("sha256", this.key).update(`${id}.${expires}`).digest("base64url");
  }

  /** A fresh expiry and its signature for one file; `url` puts them in the query. */
  sign(id: number): { expires: number; signature: string } {
    // Rounded expiry: URLs stay identical for a while, so browsers can cache the bytes.
    const step = 300;
    const expires =
      Math.ceil((Math.floor(this.now() / 1000) + SIGNED_URL_TTL_SECONDS) / step) * step;
    return { expires, signature: this.signature(id, expires) };
  }

  /** The server's public address without a trailing slash, for links built around `sign`. */
  get base(): string {
    return this.options.publicUrl.replace(/\/+$/, "");
  }

  url(id: number): string {
    const { expires, signature } = this.sign(id);
    return `${this.base}${this.options.path(id)}?expires=${expires}&signature=${signature}`;
  }

  verify(id: number, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.signature(id, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
