import { describe, expect, it } from "vitest";
import { byIdBatches, csvCell, csvLine, csvStream } from "./csv.js";

describe("csvCell", () => {
  it("writes plain values as they are and empties for nothing", () => {
    expect(csvCell("ONT8")).toBe("ONT8");
    expect(csvCell(1850.5)).toBe("1850.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2026-12-01T10:00:00Z"))).toBe("2026-12-01T10:00:00.000Z");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("Moreno Valley, CA")).toBe('"Moreno Valley, CA"');
    expect(csvCell('The "big" box')).toBe('"The ""big"" box"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("keeps a spreadsheet from reading a cell as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends each line with CRLF", () => {
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("csvStream", () => {
  it("streams a byte-order mark, the header and every batch", async () => {
    async function* batches() {
      yield [["1", "x"]];
      yield [];
      yield [["2", "=y"]];
    }
    let text = "";
    for await (const chunk of csvStream(["id", "name"], batches())) text += String(chunk);
    expect(text).toBe("\uFEFFid,name\r\n1,x\r\n2,'=y\r\n");
  });

  it("reads by id until a short batch", async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const calls: number[] = [];
    const read = async (afterId: number, limit: number) => {
      calls.push(afterId);
      return all.filter((row) => row.id > afterId).slice(0, limit);
    };
    const got: number[][] = [];
    for await (const batch of byIdBatches(read, (row) => row.id, 2)) got.push(batch);
    expect(got).toEqual([[1, 2], [3, 4], [5]]);
    expect(calls).toEqual([0, 2, 4]);
  });
});
