import { LRUCache } from "lru-cache";

/** A page as the JSON sent, with the compressed copies made of it so far (by encoding). */
export class StoredPage {
  readonly encoded = new Map<string, Buffer>();
  constructor(readonly json: string) {}
}

interface Entry {
  /** The data generation the page was read in (see PageCache.generation). */
  generation: number;
  page: StoredPage;
  /** When its reading began (ms since the epoch). */
  readAt: number;
}

/** A page being read, which readers of the same page in the same generation wait for. */
interface Reading {
  generation: number;
  page: Promise<StoredPage>;
}

export interface PageCacheOptions {
  /** How long a page may be served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** The most memory, in bytes of JSON, the pages may take together. */
  maxBytes: number;
}

/**
 * List pages, as the JSON the server sent, served again from memory while nothing changed.
 *
 * "Nothing changed" is a generation: a number that goes up whenever data a page could show may
 * have changed (every write request, every domain event, and the same on other instances as
 * soon as their word arrives). A page is stored with the generation current when its reading
 * began, so a write that commits while the page is being read makes it stale at once; a page is
 * served only while that generation is still the current one. What time alone changes (a bid
 * window passing, a leg falling behind) is bounded by the time to live: at most `ttlMs` behind
 * the clock. Pages are keyed by user and URL: a page holds what only its reader sees (their own
 * bid, their unread counts), and access is checked before a page is looked up.
 *
 * A page past half its time to live is read again in the background while the stored one is
 * served, so a page people keep opening is never waited for; readers of a page that is being
 * read wait for that one reading instead of starting their own.
 */
export class PageCache {
  private current = 0;
  private readonly pages: LRUCache<string, Entry> | null;
  private readonly reading = new Map<string, Reading>();
  private readonly refreshAfterMs: number;
  private readonly bumpListeners: Array<() => void> = [];
  private bumpAnnounced = false;

  constructor(
    options: PageCacheOptions,
    private readonly onRefreshFailed: (error: unknown) => void = () => undefined,
  ) {
    this.refreshAfterMs = options.ttlMs / 2;
    this.pages =
      options.ttlMs > 0
        ? new LRUCache<string, Entry>({
            ttl: options.ttlMs,
            ttlAutopurge: false,
            maxSize: options.maxBytes,
            // JSON is mostly one byte a character; compressed copies add about a tenth.
            sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.page.json.length * 1.1)),
          })
        : null;
  }

  /**
   * The page for this key: the stored one while no data changed since it was read (reading it
   * again in the background once it is past half its time to live), else what `read` gives.
   */
  async serve(key: string, read: () => Promise<string>): Promise<StoredPage> {
    if (!this.pages) return new StoredPage(await read());
    const entry = this.fresh(key);
    if (!entry) return this.load(key, read);
    if (Date.now() - entry.readAt >= this.refreshAfterMs && !this.isReading(key)) {
      this.load(key, read).catch(this.onRefreshFailed);
    }
    return entry.page;
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.pages?.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.current) {
      this.pages?.delete(key);
      return undefined;
    }
    return entry;
  }

  private isReading(key: string): boolean {
    return this.reading.get(key)?.generation === this.current;
  }

  /** Reads the page once however many ask for it in this generation, and stores it. */
  private load(key: string, read: () => Promise<string>): Promise<StoredPage> {
    const generation = this.current;
    const running = this.reading.get(key);
    if (running?.generation === generation) return running.page;
    const readAt = Date.now();
    const page = read().then((json) => {
      const stored = new StoredPage(json);
      // A page read before a change is not stored: the change may not be in it.
      if (generation === this.current) this.pages?.set(key, { generation, page: stored, readAt });
      return stored;
    });
    const reading = { generation, page };
    this.reading.set(key, reading);
    const done = () => {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    };
    page.then(done, done);
    return page;
  }

  /**
   * Data may have changed here: every stored page is stale from now on. Listeners (the word to
   * other instances) hear of it once per tick however many changes the tick made.
   */
  bump(): void {
    this.current += 1;
    if (this.bumpAnnounced || this.bumpListeners.length === 0) return;
    this.bumpAnnounced = true;
    queueMicrotask(() => {
      this.bumpAnnounced = false;
      for (const listener of this.bumpListeners) listener();
    });
  }

  /** Data changed on another instance: stale here too, without telling anyone again. */
  bumpFromElsewhere(): void {
    this.current += 1;
  }

  /** Runs after local changes (at most once per tick): tells the other instances. */
  onBump(listener: () => void): void {
    this.bumpListeners.push(listener);
  }

  /** Pages held now (tests and metrics). */
  get size(): number {
    return this.pages?.size ?? 0;
  }
}
