import { AsyncLocalStorage } from "node:async_hooks";
import { LRUCache } from "lru-cache";
import type { AuthUser } from "./principal.js";

/** A page as the JSON sent, with the compressed copies made of it so far (by encoding). */
export class StoredPage {
  readonly encoded = new Map<string, Buffer>();
  constructor(readonly json: string) {}
}

/**
 * How old a value is: the change count and the time (ms since the epoch) when its reading began,
 * or the oldest of the kept values it was made of.
 */
interface Age {
  stamp: number;
  readAt: number;
}

interface Entry<V> extends Age {
  value: V;
  /** What it counts for against the shelf's size. */
  weight: number;
}

/** A value being read, which readers of the same key wait for while no change touched it. */
interface Reading<V> {
  age: Age;
  value: Promise<V>;
}

/**
 * What lookups found since the start: served from memory (`hit`), waited for a reading of the same
 * key already under way (`joined`), or read (`miss`, every lookup while the cache is off); and the
 * stored values read again in the background (`refreshed`, not a lookup).
 */
export interface LookupCounts {
  hit: number;
  joined: number;
  miss: number;
  refreshed: number;
}

const noLookups = (): LookupCounts => ({ hit: 0, joined: 0, miss: 0, refreshed: 0 });

/** Values kept by key, each with the change count its reading began at. */
class Shelf<V> {
  readonly entries: LRUCache<string, Entry<V>>;
  readonly reading = new Map<string, Reading<V>>();

  constructor(
    readonly ttlMs: number,
    maxSize: number,
    clock: Clock | undefined,
  ) {
    this.entries = new LRUCache<string, Entry<V>>({
      ttl: ttlMs,
      ttlAutopurge: false,
      ...lruClock(clock),
      maxSize,
      sizeCalculation: (entry: Entry<V>) => entry.weight,
    });
  }
}

/** JSON is mostly one byte a character; compressed copies add about a tenth. */
const pageWeight = (page: StoredPage) => Math.max(1, Math.ceil(page.json.length * 1.1));

/** Whose data a page shows. */
export interface PageScope {
  /** The reader: the page goes stale when their data changes. */
  userId: number;
  /** The page shows everyone's data (an admin's): it goes stale when anyone's changes. */
  everyone: boolean;
}

/** Whose data a user's pages show: an admin's lists show every user's. */
export const pageScope = (user: AuthUser): PageScope => ({
  userId: user.id,
  everyone: user.group === "Admin",
});

export interface PageCacheOptions {
  /** How long a page may be served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** The most memory, in bytes of JSON, the pages may take together. */
  maxBytes: number;
  /** Users whose latest change is remembered (100,000 unless told). */
  maxUsersRemembered?: number;
  /** Milliseconds now (Date.now unless told; tests move their own). */
  now?: Clock;
}

type Clock = () => number;

/** The clock a cache of lru-cache reads its times to live by: an injected one, read every time. */
const lruClock = (clock: Clock | undefined) =>
  clock ? { perf: { now: clock }, ttlResolution: 0 } : {};

/** A change to the data of these users, or to anyone's (null). */
export type ChangedUsers = readonly number[] | null;

/** What the values readers share (see `shared`) may weigh together: a total 1, a list a row each. */
const MAX_SHARED_WEIGHT = 20_000;
/** Past this many users in one tick, other instances are told that anyone's data changed. */
const MAX_USERS_ANNOUNCED = 1000;
/** Users whose latest change is remembered; past that, the oldest counts as anyone's change. */
const MAX_USERS_REMEMBERED = 100_000;

/**
 * List pages, as the JSON the server sent, served again from memory while nothing they show
 * changed.
 *
 * Changes are counted: each one (a write request, a domain event, word from another instance)
 * takes the next number and is recorded against the users whose data it touched (the writer;
 * the users an event names, lib/events.ts), or against anyone when that is not known. A page is
 * stored with the count when its reading began and served while no later change touched its
 * reader (or, for a page of everyone's data, no later change at all); so a change committed while
 * a page is read makes it stale at once. What a user made, or was told about, shows on their next
 * read. What others did without telling them (a new booking in the agents' open list), and what
 * time alone changes (a bid window passing), shows at most `ttlMs` late.
 *
 * Pages are keyed by user and URL: a page holds what only its reader sees (their own bid, their
 * unread counts), and access is checked before a page is looked up. A page past half its time to
 * live is read again in the background while the stored one is served, so a page people keep
 * opening is never waited for; readers of a page that is being read wait for that one reading.
 * What does not depend on the reader (a list's total, the agents' open list without their own
 * bids) is kept once for every reader the same way (`shared`). A page made of such a value is as
 * old as the value: it lives no longer, and goes stale with the changes it missed.
 */
export class PageCache {
  /** Changes so far. */
  private count = 0;
  /** The number of the latest change that may have touched anyone's data. */
  private anyoneAt = 0;
  /** The number of the latest change of any kind. */
  private latest = 0;
  /** The number of each user's latest change, kept while a page read before it could live. */
  private readonly usersAt: LRUCache<number, number> | null;
  private readonly pages: Shelf<StoredPage> | null;
  /** Values that many readers share (see `shared`). */
  private readonly sharedValues: Shelf<unknown> | null;
  /** The age of the value being read in this async context (see `inherit`). */
  private readonly readingAge = new AsyncLocalStorage<Age>();
  private readonly refreshAfterMs: number;
  private readonly now: Clock;
  private readonly changeListeners: Array<(users: ChangedUsers) => void> = [];
  /** Lookups of pages and of shared values since the start (the /metrics counters). */
  readonly lookups = { pages: noLookups(), shared: noLookups() };
  /** What this tick changed, told to listeners once at its end (null: anyone's). */
  private pendingAnnouncement: Set<number> | null | undefined;

  constructor(
    private readonly options: PageCacheOptions,
    private readonly onRefreshFailed: (error: unknown) => void = () => undefined,
  ) {
    this.now = options.now ?? Date.now;
    this.refreshAfterMs = options.ttlMs / 2;
    this.pages =
      options.ttlMs > 0
        ? new Shelf<StoredPage>(options.ttlMs, options.maxBytes, options.now)
        : null;
    // Kept for half as long as a page: a page made of one has the rest of the time to live.
    this.sharedValues =
      options.ttlMs > 0
        ? new Shelf<unknown>(Math.max(1, options.ttlMs / 2), MAX_SHARED_WEIGHT, options.now)
        : null;
    this.usersAt =
      options.ttlMs > 0
        ? new LRUCache<number, number>({
            // A page lives at most ttlMs from the start of its reading: a change older than that
            // is behind every stored page.
            ttl: options.ttlMs + 1000,
            ttlAutopurge: false,
            ...lruClock(options.now),
            max: options.maxUsersRemembered ?? MAX_USERS_REMEMBERED,
            // A change forgotten early would leave pages read before it looking fresh.
            dispose: (at, _user, reason) => {
              if (reason === "evict") this.anyoneAt = Math.max(this.anyoneAt, at);
            },
          })
        : null;
  }

  /** Whether pages and shared values are kept at all (a time to live of 0 keeps none). */
  get keeps(): boolean {
    return this.pages !== null;
  }

  /**
   * The page for this key: the stored one while nothing it shows changed since it was read
   * (reading it again in the background once it is past half its time to live), else what `read`
   * gives.
   */
  async serve(key: string, scope: PageScope, read: () => Promise<string>): Promise<StoredPage> {
    const counts = this.lookups.pages;
    if (!this.pages) {
      counts.miss += 1;
      return new StoredPage(await read());
    }
    const readPage = async () => new StoredPage(await read());
    const entry = this.freshEntry(this.pages, key, scope);
    if (!entry) {
      counts[this.isReading(this.pages, key, scope) ? "joined" : "miss"] += 1;
      return this.load(this.pages, key, scope, readPage, pageWeight).value;
    }
    counts.hit += 1;
    if (
      this.now() - entry.readAt >= this.refreshAfterMs &&
      !this.isReading(this.pages, key, scope)
    ) {
      counts.refreshed += 1;
      this.load(this.pages, key, scope, readPage, pageWeight).value.catch(this.onRefreshFailed);
    }
    return entry.value;
  }

  /**
   * A value that does not depend on who reads it (how many open shipments match a search; a page
   * of the open list without anyone's own bids), shared by every reader while nothing that
   * concerns the one asking changed since it was read, for at most half the time to live; else
   * what `read` gives. `weight` tells what it counts for against MAX_SHARED_WEIGHT (a list's
   * rows). A page read with it is as old as it is.
   */
  async shared<V>(
    key: string,
    scope: PageScope,
    read: () => Promise<V>,
    weight: (value: V) => number = () => 1,
  ): Promise<V> {
    const counts = this.lookups.shared;
    if (!this.sharedValues) {
      counts.miss += 1;
      return read();
    }
    const shelf = this.sharedValues as Shelf<V>;
    const entry = this.freshEntry(shelf, key, scope);
    if (entry) {
      counts.hit += 1;
      this.inherit(entry);
      return entry.value;
    }
    counts[this.isReading(shelf, key, scope) ? "joined" : "miss"] += 1;
    const reading = this.load(shelf, key, scope, read, weight);
    const value = await reading.value;
    this.inherit(reading.age);
    return value;
  }

  /** The page being read here (if any) is made of a value of this age: it is no younger. */
  private inherit(age: Age): void {
    const page = this.readingAge.getStore();
    if (!page) return;
    page.stamp = Math.min(page.stamp, age.stamp);
    page.readAt = Math.min(page.readAt, age.readAt);
  }

  private freshEntry<V>(shelf: Shelf<V>, key: string, scope: PageScope): Entry<V> | undefined {
    const entry = shelf.entries.get(key);
    if (entry && this.unchangedSince(entry.stamp, scope)) return entry;
    if (entry) shelf.entries.delete(key);
    return undefined;
  }

  /** No change that could show on this scope's pages came after change number `stamp`. */
  private unchangedSince(stamp: number, scope: PageScope): boolean {
    if (scope.everyone) return stamp >= this.latest;
    return stamp >= this.anyoneAt && stamp >= (this.usersAt?.get(scope.userId) ?? 0);
  }

  private isReading<V>(shelf: Shelf<V>, key: string, scope: PageScope): boolean {
    const reading = shelf.reading.get(key);
    return reading !== undefined && this.unchangedSince(reading.age.stamp, scope);
  }

  /** Reads a value once however many ask for it while nothing changed, and keeps it. */
  private load<V>(
    shelf: Shelf<V>,
    key: string,
    scope: PageScope,
    read: () => Promise<V>,
    weight: (value: V) => number,
  ): Reading<V> {
    const running = shelf.reading.get(key);
    if (running && this.unchangedSince(running.age.stamp, scope)) return running;
    // Lowered while it is read by the kept values it is made of (`inherit`).
    const age: Age = { stamp: this.count, readAt: this.now() };
    const value = this.readingAge.run(age, read).then((result) => {
      // A value read across a change is not kept: the change may not be in it.
      const left = shelf.ttlMs - (this.now() - age.readAt);
      if (left > 0 && this.unchangedSince(age.stamp, scope)) {
        shelf.entries.set(key, { ...age, value: result, weight: weight(result) }, { ttl: left });
      }
      return result;
    });
    const reading = { age, value };
    shelf.reading.set(key, reading);
    const done = () => {
      if (shelf.reading.get(key) === reading) shelf.reading.delete(key);
    };
    value.then(done, done);
    return reading;
  }

  /**
   * The data of these users (null: anyone's) may have changed here: their pages are stale from
   * now on. Listeners (the word to other instances) hear of it once per tick, with every user the
   * tick's changes touched.
   */
  changed(users: ChangedUsers): void {
    if (users?.length === 0) return;
    this.record(users);
    if (this.changeListeners.length === 0) return;
    const first = this.pendingAnnouncement === undefined;
    if (users === null || this.pendingAnnouncement === null) this.pendingAnnouncement = null;
    else {
      this.pendingAnnouncement ??= new Set();
      for (const id of users) this.pendingAnnouncement.add(id);
      if (this.pendingAnnouncement.size > MAX_USERS_ANNOUNCED) this.pendingAnnouncement = null;
    }
    if (!first) return;
    queueMicrotask(() => {
      const pending = this.pendingAnnouncement;
      this.pendingAnnouncement = undefined;
      const announced = pending ? [...pending] : null;
      for (const listener of this.changeListeners) listener(announced);
    });
  }

  /** Data changed on another instance: stale here too, without telling anyone again. */
  changedElsewhere(users: ChangedUsers): void {
    if (users?.length === 0) return;
    this.record(users);
  }

  /** Runs after local changes (at most once per tick): tells the other instances. */
  onChange(listener: (users: ChangedUsers) => void): void {
    this.changeListeners.push(listener);
  }

  /** Pages held now (tests and metrics). */
  get size(): number {
    return this.pages?.entries.size ?? 0;
  }

  private record(users: ChangedUsers): void {
    this.count += 1;
    this.latest = this.count;
    if (users === null) this.anyoneAt = this.count;
    else for (const id of users) this.usersAt?.set(id, this.count);
  }
}
