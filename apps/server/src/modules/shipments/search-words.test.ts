import { describe, expect, it } from "vitest";
import {
  isCommonSearchText,
  joinedSearchText,
  MIN_SAMPLE_TEXTS,
  narrowedSearchText,
  SearchSample,
} from "./search-words.js";

/** A sample of search texts: every one holds "fbr", one in 4 "lamp", each its own number. */
const sample = Array.from(
  { length: 100 },
  (_, i) => `${i % 4 === 0 ? "desk lamp" : "mug"} ${i} fbr 00${1000 + i} 12 market st, chicago`,
);

describe("narrowedSearchText", () => {
  it("leaves out the words nearly every text holds where they begin or end the term", () => {
    expect(narrowedSearchText("fbr 0012345", sample)).toBe("0012345");
    expect(narrowedSearchText("0012345 fbr", sample)).toBe("0012345");
    expect(narrowedSearchText("fbr 0012345, chicago", sample)).toBe("0012345");
    expect(narrowedSearchText("fbr lamp fbr", sample)).toBe("lamp");
  });

  it("looks the whole term up when no word is left out, or none would be left to look up", () => {
    // No word is everywhere (a word in one text of 4 is not).
    expect(narrowedSearchText("desk lamp", sample)).toBeUndefined();
    // A word between kept ones stays: the part looked up is one piece of the term.
    expect(narrowedSearchText("lamp fbr 0012345", sample)).toBeUndefined();
    // One word: nothing to leave out.
    expect(narrowedSearchText("fbr", sample)).toBeUndefined();
    // Every word everywhere.
    expect(narrowedSearchText("market st chicago", sample)).toBeUndefined();
    // What is left holds no trigram ("7" alone has none).
    expect(narrowedSearchText("fbr 7", sample)).toBeUndefined();
  });

  it("judges no word on too small a sample, and reads words in any script", () => {
    expect(narrowedSearchText("fbr 0012345", sample.slice(0, MIN_SAMPLE_TEXTS - 1))).toBe(
      undefined,
    );
    const chinese = Array.from({ length: 60 }, (_, i) => `仓库 台灯${i}`);
    expect(narrowedSearchText("仓库 台灯12", chinese)).toBe("台灯12");
  });
});

describe("isCommonSearchText", () => {
  it("is common when found in a hundredth of the sample's texts, and in two at least", () => {
    expect(isCommonSearchText("lamp", sample)).toBe(true);
    expect(isCommonSearchText("mug 1", sample)).toBe(true);
    // In one text of 100: "mug 7 " alone.
    expect(isCommonSearchText("mug 7 ", sample)).toBe(false);
    // In two: "desk lamp 4 " and "desk lamp 40".
    expect(isCommonSearchText("desk lamp 4", sample)).toBe(true);
    expect(isCommonSearchText("zebra", sample)).toBe(false);
    // In 1,000 texts, a hundredth is ten.
    const large = (lamps: number) =>
      Array.from({ length: 1_000 }, (_, i) => (i < lamps ? `lamp ${i}` : `mug ${i}`));
    expect(isCommonSearchText("lamp", large(9))).toBe(false);
    expect(isCommonSearchText("lamp", large(10))).toBe(true);
  });

  it("is never common in too small a sample", () => {
    expect(isCommonSearchText("lamp", sample.slice(0, MIN_SAMPLE_TEXTS - 1))).toBe(false);
  });
});

describe("joinedSearchText", () => {
  it("runs a part of several words together, for trigrams across them", () => {
    expect(joinedSearchText("mug 12")).toBe("mug12");
    expect(joinedSearchText("12 market st, chicago")).toBe("12marketst,chicago");
    expect(joinedSearchText("仓库 台灯")).toBe("仓库台灯");
  });

  it("leaves a single word, or a part with no three word characters in a row, as it is", () => {
    expect(joinedSearchText("lamp")).toBeUndefined();
    expect(joinedSearchText("a b")).toBeUndefined();
    expect(joinedSearchText("a, b")).toBeUndefined();
  });
});

describe("SearchSample", () => {
  it("reads the sample in the background when stale, keeping the last one on a failed read", async () => {
    let clock = 0;
    const reads: Array<(texts: string[]) => void> = [];
    let fail = false;
    const searchSample = new SearchSample(
      () =>
        fail
          ? Promise.reject(new Error("pg_stats unavailable"))
          : new Promise<string[]>((resolve) => reads.push(resolve)),
      { refreshMs: 1_000, now: () => clock },
    );
    // Nothing read yet: searches go on with none, and one read starts.
    expect(searchSample.current()).toEqual([]);
    expect(searchSample.current()).toEqual([]);
    expect(reads).toHaveLength(1);
    reads[0]!(["a"]);
    await searchSample.refresh();
    expect(searchSample.current()).toEqual(["a"]);
    expect(reads).toHaveLength(1);
    // Stale: read again once.
    clock = 1_000;
    searchSample.current();
    searchSample.current();
    expect(reads).toHaveLength(2);
    reads[1]!(["b"]);
    await searchSample.refresh();
    expect(searchSample.current()).toEqual(["b"]);
    // A failed read keeps what there was.
    clock = 2_000;
    fail = true;
    await searchSample.refresh();
    expect(searchSample.current()).toEqual(["b"]);
  });
});

describe("SearchSample.narrowed", () => {
  it("narrows against the current sample, and afresh once the sample is read again", async () => {
    let texts = sample;
    const searchSample = new SearchSample(async () => texts, { refreshMs: 1_000, now: () => 0 });
    await searchSample.refresh();
    expect(searchSample.narrowed("fbr 0012345")).toBe("0012345");
    expect(searchSample.narrowed("fbr 0012345")).toBe("0012345");
    // A sample where "fbr" is rare: the term is looked up whole.
    texts = sample.map((text, i) => (i % 2 === 0 ? text.replace("fbr", "ref") : text));
    await searchSample.refresh();
    expect(searchSample.narrowed("fbr 0012345")).toBeUndefined();
  });
});
