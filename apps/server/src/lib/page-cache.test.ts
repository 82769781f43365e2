import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.js";

const options = { ttlMs: 60_000, maxBytes: 1024 };
/** The JSON of the page served for this key. */
const text = async (cache: PageCache, key: string, read: () => Promise<string>) =>
  (await cache.serve(key, read)).json;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page reader that counts its readings and answers "<name> #<reading>". */
function reader(name: string) {
  const counter = {
    readings: 0,
    read: async () => `${name} #${++counter.readings}`,
  };
  return counter;
}

describe("PageCache", () => {
  it("serves a page again while nothing changed, and reads it afresh after a change", async () => {
    const cache = new PageCache(options);
    const a = reader("a");
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    expect(await text(cache, "2 /a", reader("other user").read)).toBe("other user #1");
    cache.bump();
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
    expect(a.readings).toBe(2);
  });

  it("does not keep a page when a change came while it was being read", async () => {
    const cache = new PageCache(options);
    let readings = 0;
    const read = async () => {
      readings += 1;
      if (readings === 1) cache.bump();
      return `read #${readings}`;
    };
    expect(await text(cache, "1 /a", read)).toBe("read #1");
    expect(await text(cache, "1 /a", read)).toBe("read #2");
    expect(await text(cache, "1 /a", read)).toBe("read #2");
  });

  it("reads a page once for everyone who asks while it is being read", async () => {
    const cache = new PageCache(options);
    let readings = 0;
    const read = async () => {
      readings += 1;
      await sleep(10);
      return "page";
    };
    const pages = await Promise.all([1, 2, 3].map(() => text(cache, "1 /a", read)));
    expect(pages).toEqual(["page", "page", "page"]);
    expect(readings).toBe(1);
  });

  it("reads a page past half its time to live again in the background, serving the old one", async () => {
    const cache = new PageCache({ ...options, ttlMs: 60 });
    const a = reader("a");
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    await sleep(35);
    expect(await text(cache, "1 /a", a.read)).toBe("a #1");
    await sleep(0);
    expect(a.readings).toBe(2);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
  });

  it("forgets pages once their time to live is over", async () => {
    const cache = new PageCache({ ...options, ttlMs: 20 });
    const a = reader("a");
    await text(cache, "1 /a", a.read);
    await sleep(40);
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
  });

  it("reports a failed background reading and keeps serving", async () => {
    const failures: unknown[] = [];
    const cache = new PageCache({ ...options, ttlMs: 40 }, (error) => failures.push(error));
    expect(await text(cache, "1 /a", async () => "page")).toBe("page");
    await sleep(25);
    const failing = async (): Promise<string> => {
      throw new Error("database away");
    };
    expect(await text(cache, "1 /a", failing)).toBe("page");
    await sleep(0);
    expect(failures).toHaveLength(1);
  });

  it("makes pages stale on word from another instance, without passing the word on", async () => {
    const cache = new PageCache(options);
    let told = 0;
    cache.onBump(() => (told += 1));
    const a = reader("a");
    await text(cache, "1 /a", a.read);
    cache.bumpFromElsewhere();
    expect(await text(cache, "1 /a", a.read)).toBe("a #2");
    await Promise.resolve();
    expect(told).toBe(0);
  });

  it("tells the other instances once per tick, however many changes the tick made", async () => {
    const cache = new PageCache(options);
    let told = 0;
    cache.onBump(() => (told += 1));
    cache.bump();
    cache.bump();
    cache.bump();
    expect(told).toBe(0);
    await Promise.resolve();
    expect(told).toBe(1);
    cache.bump();
    await Promise.resolve();
    expect(told).toBe(2);
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
});
