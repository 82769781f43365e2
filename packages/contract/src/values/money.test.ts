import { describe, expect, it } from "vitest";
import {
  centsToAmount,
  centsToNumber,
  compareCents,
  parseCents,
  roundCents,
  sumCents,
  toAmount,
} from "./money.js";
import {
  defaultService,
  pricePerKgCents,
  quotationTotal,
  quotationTotalCents,
  serviceTotal,
} from "./quotations.js";

describe("parseCents", () => {
  it.each([
    ["1850.50", 185050],
    ["1850.5", 185050],
    ["1850", 185000],
    [" 12.3 ", 1230],
    ["0.07", 7],
    [".5", 50],
    ["7.", 700],
    ["0.10", 10],
    ["0.20", 20],
    ["1.100", 110],
    ["-5.00", -500],
    ["-0.05", -5],
    ["-0", 0],
    ["999999999.99", 99999999999],
    ["9999999999.99", 999999999999],
    ["90071992547409.91", 9007199254740991],
    [1850.5, 185050],
    [0.1, 10],
    [0.2, 20],
    [1.15, 115],
    [4.35, 435],
    [-2.5, -250],
    [1e21 / 1e10, 10000000000000],
    [0, 0],
  ] as const)("%j is %i cents", (amount, cents) => {
    expect(parseCents(amount)).toBe(cents);
  });

  it.each([
    "1.005",
    "0.001",
    "1850.505",
    0.1 + 0.2,
    1.005,
    1e-7,
    "",
    " ",
    ".",
    "-",
    "1,5",
    "1.2.3",
    "abc",
    "1e3",
    "90071992547409.92",
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])("%j is refused", (amount) => {
    expect(() => parseCents(amount)).toThrow(RangeError);
  });
});

describe("roundCents", () => {
  it.each([
    ["1850.5", 185050],
    ["2.345", 235],
    ["2.344999", 234],
    ["1.005", 101],
    ["0.004", 0],
    ["0.005", 1],
    ["-0.005", -1],
    ["-0.004", 0],
    ["-1.235", -124],
    ["99.995", 10000],
    ["12.3456789012345", 1235],
    [0.1 + 0.2, 30],
    [1e-7, 0],
    [1.005, 101],
    [1234.5678, 123457],
  ] as const)("%j rounds to %i cents", (amount, cents) => {
    expect(roundCents(amount)).toBe(cents);
  });
});

describe("sums and comparisons in cents", () => {
  it("adds 0.10 and 0.20 to exactly 0.30", () => {
    expect(centsToAmount(sumCents([parseCents("0.10"), parseCents("0.20")]))).toBe("0.30");
    expect(centsToNumber(sumCents([parseCents(0.1), parseCents(0.2)]))).toBe(0.3);
  });

  it.each([
    [["1850.50", "0.10", "0.20"], "1850.80"],
    [["0.01", "0.01", "0.01"], "0.03"],
    [["999999999.99", "999999999.99"], "1999999999.98"],
    [["780.10", "-600.20"], "179.90"],
    [["100", "-100.01"], "-0.01"],
    [[], "0.00"],
  ] as const)("%j sums to %s", (amounts, total) => {
    expect(centsToAmount(sumCents(amounts.map(parseCents)))).toBe(total);
  });

  it("refuses a sum beyond whole cents", () => {
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it.each([
    ["0.30", "0.3", 0],
    ["0.29", "0.3", -1],
    ["1850.51", "1850.5", 1],
    ["-1", "0", -1],
  ] as const)("%s against %s is %i", (a, b, sign) => {
    expect(compareCents(parseCents(a), parseCents(b))).toBe(sign);
  });
});

describe("cents on the wire", () => {
  it.each([
    [185050, "1850.50", 1850.5],
    [0, "0.00", 0],
    [7, "0.07", 0.07],
    [30, "0.30", 0.3],
    [-5, "-0.05", -0.05],
    [-12345, "-123.45", -123.45],
    [99999999999, "999999999.99", 999999999.99],
    [9007199254740991, "90071992547409.91", 90071992547409.91],
  ] as const)("%i cents is %s and %d", (cents, text, number) => {
    expect(centsToAmount(cents)).toBe(text);
    expect(centsToNumber(cents)).toBe(number);
    expect(centsToNumber(cents)).toBe(Number(text));
  });

  it("matches Number() of the 2-decimal text for every cent up to 1000.00", () => {
    for (let cents = 0; cents <= 100000; cents += 1) {
      if (centsToNumber(cents) !== Number(centsToAmount(cents))) throw new Error(String(cents));
    }
  });

  it("refuses what is not whole cents", () => {
    expect(() => centsToAmount(1.5)).toThrow(RangeError);
    expect(() => centsToNumber(Number.NaN)).toThrow(RangeError);
  });

  it.each([
    ["1850.5", "1850.50"],
    ["1850.50", "1850.50"],
    [1850.5, "1850.50"],
    [12, "12.00"],
    ["123.456", "123.46"],
    ["-0.001", "0.00"],
    ["-3.1", "-3.10"],
  ] as const)("%j is written %s", (amount, text) => {
    expect(toAmount(amount)).toBe(text);
  });
});

describe("bid totals in cents", () => {
  it.each([
    [{ pickup_amount: "0.10", fast_amount: "0.20", normal_amount: null }, 30],
    [{ pickup_amount: "1850.50", fast_amount: "0.29", normal_amount: "0.3" }, 185079],
    [{ pickup_amount: 0.1, fast_amount: 0.2 }, 30],
    [{ pickup_amount: "999999999.99", normal_amount: "999999999.99" }, 199999999998],
    [{ pickup_amount: "12" }, 1200],
  ] as const)("%j totals %i cents", (amounts, cents) => {
    expect(quotationTotalCents(amounts)).toBe(cents);
  });

  it("gives the wire's number of the exact sum", () => {
    expect(quotationTotal({ pickup_amount: 0.1, fast_amount: 0.2 })).toBe(0.3);
    expect(serviceTotal({ pickup_amount: 0.7, fast_amount: 0.1 }, "fast")).toBe(0.8);
    expect(defaultService({ pickup_amount: "1", fast_amount: "0.30", normal_amount: "0.3" })).toBe(
      "fast",
    );
  });

  it.each([
    [100000, 80, 1250],
    [30, 3, 10],
    [100, 3, 33],
    [200, 3, 67],
    [100000, null, null],
    [100000, 0, null],
  ] as const)("%i cents over %s kg is %s cents per kg", (total, kg, perKg) => {
    expect(pricePerKgCents(total, kg)).toBe(perKg);
  });
});
