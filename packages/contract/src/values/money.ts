/**
 * Money in whole cents. Amounts travel as decimal strings ("1850.50") or, in a few older places,
 * as numbers (1850.5); every sum and comparison happens on integer cents read from the amount's
 * digits, never on floats, so 0.10 + 0.20 is 0.30 and not 0.30000000000000004.
 */

/** Integer cents, within Number.MAX_SAFE_INTEGER. */
export type Cents = number;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const EXPONENT = /^([+-]?)(\d+)(?:\.(\d*))?e([+-]?\d+)$/i;

/** A finite number's decimal digits without exponent ("1e-7" -> "0.0000001"). */
function plainDigits(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  const text = String(value);
  const match = EXPONENT.exec(text);
  if (!match) return text;
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = match;
  const digits = whole + fraction;
  const point = whole.length + Number.parseInt(exponent, 10);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function split(amount: string | number) {
  const text = typeof amount === "number" ? plainDigits(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) {
    throw new RangeError(`Not an amount: ${JSON.stringify(amount)}`);
  }
  const [, sign = "", whole = "", fraction = ""] = match;
  return { negative: sign === "-", whole: whole === "" ? "0" : whole, fraction };
}

function assemble(negative: boolean, whole: string, cents: number): Cents {
  const units = Number(whole) * 100 + cents;
  if (!Number.isSafeInteger(units)) throw new RangeError(`Amount too large: ${whole}`);
  return negative && units !== 0 ? -units : units;
}

/**
 * An amount with at most 2 decimals as cents, exactly: "1850.5" -> 185050, 0.1 -> 10,
 * "-5.00" -> -500. More decimals (other than trailing zeros) are refused, as the contract refuses
 * them; so is anything that is not a decimal amount.
 */
export function parseCents(amount: string | number): Cents {
  const { negative, whole, fraction } = split(amount);
  let end = fraction.length;
  while (end > 0 && fraction[end - 1] === "0") end -= 1;
  const kept = fraction.slice(0, end);
  if (kept.length > 2) throw new RangeError(`More than 2 decimals: ${JSON.stringify(amount)}`);
  return assemble(negative, whole, Number(kept.padEnd(2, "0")));
}

/**
 * An amount with any number of decimals (a stored average, a computed weight) rounded to cents,
 * half away from zero on its decimal digits: "2.345" -> 235, "-0.005" -> -1.
 */
export function roundCents(amount: string | number): Cents {
  const { negative, whole, fraction } = split(amount);
  const padded = fraction.padEnd(3, "0");
  const up = padded.charAt(2) >= "5" ? 1 : 0;
  return assemble(negative, whole, Number(padded.slice(0, 2)) + up);
}

/** The sum of amounts in cents. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  if (!Number.isSafeInteger(total)) throw new RangeError("Sum of amounts too large");
  return total;
}

/** Negative, zero or positive as a is below, equal to or above b (a sort comparator). */
export function compareCents(a: Cents, b: Cents): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Cents as the wire's decimal string, always 2 decimals: 185050 -> "1850.50", -5 -> "-0.05". */
export function centsToAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Cents as the wire's number (1850.5): the number nearest the exact amount, the same one
 * Number("1850.50") gives.
 */
export function centsToNumber(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  return cents / 100;
}

/** A stored amount as the wire writes it, 2 decimals ("1850.5" -> "1850.50"), rounded to cents. */
export function toAmount(amount: string | number): string {
  return centsToAmount(roundCents(amount));
}
