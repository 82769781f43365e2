import { beforeEach, describe, expect, it } from "vitest";
import { PageCache, type ChangedUsers, type PageScope } from "./page-cache.js";

/** The caches' clock: tests move it on instead of waiting. */
let time = 1_000_000;
const advance = (ms: number) => (time += ms);
const options = { ttlMs: 60_000, maxBytes: 1024, now: () => time };
/** The JSON of the page served for this key (user 1's unless told). */
const text = async (
  cache: PageCache,
  key: string,
  read: () => Promise<string>,
  scope: PageScope = { userId: 1, everyone: false },
) => (await cache.serve(key, scope, read)).json;
const userTwo: PageScope = { userId: 2, everyone: false };
const admin: PageScope = { userId: 9, everyone: true };
/** Lets what was started in the background (a refresh) run to its end. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A page reader that counts its readings and answers "<name> #<reading>". */
function reader(name: string) {
  const counter = {
    readings: 0,
    read: async () => `${name} #${++counter.readings}`,
  };
  return counter;
}

describe("PageCache", () => {
  beforeEach(() => {
    time = 1_000_000;
  });

  it("serves a page again while nothing changed, and reads it afresh after a change", async () => {
    const cache = new PageCache(options);
    const a = reader("a");
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    expect(await text(cache, "2 /a", reader("other user").read, userTwo)).toBe("other user #1");
    cache.changed([1]);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
    expect(a.readings).toBe(2);
  });

  it("does not keep a page when a change came while it was being read", async () => {
    const cache = new PageCache(options);
    let readings = 0;
    const read = async () => {
      readings += 1;
      if (readings === 1) cache.changed([1]);
      return `read #${readings}`;
    };
    expect(await text(cache, "1 /a", read)).toBe("read #1");
    expect(await text(cache, "1 /a", read)).toBe("read #2");
    expect(await text(cache, "1 /a", read)).toBe("read #2");
  });

  it("reads a page once for everyone who asks while it is being read", async () => {
    const cache = new PageCache(options);
    let readings = 0;
    let finish = () => undefined as void;
    const read = async () => {
      readings += 1;
      await new Promise<void>((resolve) => (finish = resolve));
      return "page";
    };
    const all = Promise.all([1, 2, 3].map(() => text(cache, "1 /a", read)));
    await settle();
    finish();
    const pages = await all;
    expect(pages).toEqual(["page", "page", "page"]);
    expect(readings).toBe(1);
  });

  it("reads a page past half its time to live again in the background, serving the old one", async () => {
    const cache = new PageCache({ ...options, ttlMs: 60 });
    const a = reader("a");
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    advance(35);
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    await settle();
    expect(a.readings).toBe(2);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
  });

  it("forgets pages once their time to live is over", async () => {
    const cache = new PageCache({ ...options, ttlMs: 20 });
    const a = reader("a");
    await text(cache, "1 /a", a.read);
    advance(40);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
  });

  it("reports a failed background reading and keeps serving", async () => {
    const failures: unknown[] = [];
    const cache = new PageCache({ ...options, ttlMs: 40 }, (error) => failures.push(error));
    expect(await text(cache, "1 /a", async () => "page")).toBe("page");
    advance(25);
    const failing = async (): Promise<string> => {
      throw new Error("database away");
    };
    expect(await text(cache, "1 /a", failing)).toBe("page");
    await settle();
    expect(failures).toHaveLength(1);
  });

  it("keeps one user's pages across another user's changes", async () => {
    const cache = new PageCache(options);
    const a = reader("a");
    const b = reader("b");
    await text(cache, "1 /a", a.read);
    await text(cache, "2 /a", b.read, userTwo);
    cache.changed([2, 3]);
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    expect(await text(cache, "2 /a", b.read, userTwo)).toBe("b #2");
  });

  it("makes every page stale with a change to anyone's data", async () => {
    const cache = new PageCache(options);
    const a = reader("a");
    const b = reader("b");
    await text(cache, "1 /a", a.read);
    await text(cache, "2 /a", b.read, userTwo);
    cache.changed(null);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
    expect(await text(cache, "2 /a", b.read, userTwo)).toBe("b #2");
  });

  it("makes a page of everyone's data stale with any user's change", async () => {
    const cache = new PageCache(options);
    const all = reader("all");
    await text(cache, "9 /all", all.read, admin);
    cache.changed([]);
    expect(await text(cache, "9 /all", all.read, admin)).toBe("all #1");
    cache.changed([5]);
    expect(await text(cache, "9 /all", all.read, admin)).toBe("all #2");
  });

  it("does not keep a page when a change to its reader came while it was being read", async () => {
    const cache = new PageCache(options);
    let readings = 0;
    const read = async () => {
      readings += 1;
      // Another user's change does not matter; the reader's own does.
      cache.changed(readings === 1 ? [1] : [2]);
      return `read #${readings}`;
    };
    expect(await text(cache, "1 /a", read)).toBe("read #1");
    expect(await text(cache, "1 /a", read)).toBe("read #2");
    expect(await text(cache, "1 /a", read)).toBe("read #2");
  });

  it("counts a change it had to forget as anyone's", async () => {
    const cache = new PageCache({ ...options, maxUsersRemembered: 2 });
    const a = reader("a");
    await text(cache, "1 /a", a.read);
    cache.changed([2]);
    cache.changed([3]);
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    // User 2's change is forgotten to make room: pages read before it cannot tell, so all go.
    cache.changed([4]);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
  });

  it("makes pages stale on word from another instance, without passing the word on", async () => {
    const cache = new PageCache(options);
    const told: ChangedUsers[] = [];
    cache.onChange((users) => told.push(users));
    const a = reader("a");
    const b = reader("b");
    await text(cache, "1 /a", a.read);
    await text(cache, "2 /a", b.read, userTwo);
    cache.changedElsewhere([1]);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
    expect(await text(cache, "2 /a", b.read, userTwo)).toBe("b #1");
    cache.changedElsewhere(null);
    expect(await text(cache, "2 /a", b.read, userTwo)).toBe("b #2");
    await Promise.resolve();
    expect(told).toEqual([]);
  });

  it("tells the other instances once per tick, with every user the tick's changes touched", async () => {
    const cache = new PageCache(options);
    const told: ChangedUsers[] = [];
    cache.onChange((users) => told.push(users));
    cache.changed([1, 2]);
    cache.changed([2, 3]);
    cache.changed([]);
    expect(told).toEqual([]);
    await Promise.resolve();
    expect(told).toEqual([[1, 2, 3]]);
    cache.changed([4]);
    cache.changed(null);
    cache.changed([5]);
    await Promise.resolve();
    expect(told).toEqual([[1, 2, 3], null]);
    cache.changed([]);
    await Promise.resolve();
    expect(told).toHaveLength(2);
  });

  it("shares a total among readers while no change concerns the one asking", async () => {
    const cache = new PageCache(options);
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.shared("open lamp", { userId: 1, everyone: false }, count)).toBe(1);
    expect(await cache.shared("open lamp", userTwo, count)).toBe(1);
    cache.changed([3]);
    expect(await cache.shared("open lamp", userTwo, count)).toBe(1);
    // A change that concerns the reader asking counts again, for them and after them.
    cache.changed([2]);
    expect(await cache.shared("open lamp", userTwo, count)).toBe(2);
    expect(await cache.shared("open lamp", { userId: 1, everyone: false }, count)).toBe(2);
    expect(await cache.shared("open lamp", admin, count)).toBe(2);
    cache.changed([4]);
    expect(await cache.shared("open lamp", admin, count)).toBe(3);
  });

  it("keeps a total for half the time to live of a page", async () => {
    const cache = new PageCache({ ...options, ttlMs: 80 });
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.shared("t", userTwo, count)).toBe(1);
    advance(20);
    expect(await cache.shared("t", userTwo, count)).toBe(1);
    advance(40);
    expect(await cache.shared("t", userTwo, count)).toBe(2);
  });

  it("keeps a page made of a shared value no longer than the value was to live", async () => {
    // A page lives 400 ms from its reading, a shared value 200 ms.
    const cache = new PageCache({ ...options, ttlMs: 400 });
    let counted = 0;
    const count = async () => ++counted;
    let pages = 0;
    const page = async () => `page #${++pages} of ${await cache.shared("t", userTwo, count)}`;
    expect(await cache.shared("t", userTwo, count)).toBe(1);
    advance(50);
    expect(await text(cache, "2 /list", page, userTwo)).toBe("page #1 of 1");
    // Read 50 ms after the value it shows, the page is 400 ms old 50 ms before its own 400 ms.
    advance(370);
    expect(await text(cache, "2 /list", page, userTwo)).toBe("page #2 of 2");
  });

  it("shares a value being read with the readers that ask meanwhile, at its age", async () => {
    const cache = new PageCache(options);
    let release = () => undefined as void;
    const slow = () =>
      new Promise<string>((resolve) => {
        release = () => resolve("rows");
      });
    const first = cache.shared("rows", userTwo, slow);
    const page = text(
      cache,
      "1 /list",
      async () => `page of ${await cache.shared("rows", { userId: 1, everyone: false }, slow)}`,
    );
    release();
    expect(await first).toBe("rows");
    expect(await page).toBe("page of rows");
    expect(await text(cache, "1 /list", async () => "not read")).toBe("page of rows");
  });

  it("holds no more than its size, dropping the least recently used pages", async () => {
    const cache = new PageCache({ ...options, maxBytes: 10 });
    const page = (text: string) => async () => text;
    await text(cache, "1 /a", page("aaaa"));
    await text(cache, "1 /b", page("bbbb"));
    await text(cache, "1 /a", page("not read"));
    await text(cache, "1 /c", page("cccc"));
    expect(cache.size).toBe(2);
    expect(await text(cache, "1 /a", page("not read"))).toBe("aaaa");
    expect(await text(cache, "1 /b", page("b again"))).toBe("b again");
  });

  it("holds nothing with a time to live of 0", async () => {
    const cache = new PageCache({ ...options, ttlMs: 0 });
    const a = reader("a");
    await text(cache, "1 /a", a.read);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
    expect(cache.size).toBe(0);
  });

  it("counts its lookups: hits, readers that waited for a reading under way, misses, refreshes", async () => {
    const cache = new PageCache({ ...options, ttlMs: 60 });
    let finish = () => undefined as void;
    const slow = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return "page";
    };
    const first = Promise.all([1, 2, 3].map(() => text(cache, "1 /a", slow)));
    await settle();
    finish();
    await first;
    await text(cache, "1 /a", reader("not read").read);
    advance(35);
    await text(cache, "1 /a", reader("a").read);
    await settle();
    expect(cache.lookups.pages).toEqual({ hit: 2, joined: 2, miss: 1, refreshed: 1 });
    await cache.shared("open", { userId: 1, everyone: false }, async () => 5);
    await cache.shared("open", userTwo, async () => 6);
    expect(cache.lookups.shared).toEqual({ hit: 1, joined: 0, miss: 1, refreshed: 0 });
  });

  it("counts every lookup as a miss when it holds nothing", async () => {
    const cache = new PageCache({ ...options, ttlMs: 0 });
    await text(cache, "1 /a", reader("a").read);
    await text(cache, "1 /a", reader("a").read);
    await cache.shared("open", userTwo, async () => 6);
    expect(cache.lookups.pages).toEqual({ hit: 0, joined: 0, miss: 2, refreshed: 0 });
    expect(cache.lookups.shared.miss).toBe(1);
  });
});
