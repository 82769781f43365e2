/**
 * An amount as people type it ("$1,850.50", "USD 1 850", "1850.5") made into what the API reads
 * ("1850.50"): a currency sign or code and thousands separators (commas between groups of three
 * digits, or spaces) are dropped. Text that is no such amount is returned trimmed, unchanged, so
 * the form's and the API's own rules still say what is wrong with it.
 */
export function normalizeAmountInput(raw: string): string {
  const trimmed = raw.trim();
  const bare = withoutTrailingCurrency(trimmed.replace(/^(?:US\$|USD|\$)\s*/i, "")).trim();
  const match = /^(\d{1,3}(?:[, ]\d{3})+|\d+)(?:\.(\d*))?$/.exec(bare);
  if (!match) return trimmed;
  const whole = match[1]!.replace(/[, ]/g, "").replace(/^0+(?=\d)/, "");
  const cents = match[2];
  if (cents === undefined || cents === "") return whole;
  return `${whole}.${cents.length === 1 ? `${cents}0` : cents}`;
}

/**
 * Drops a currency code or sign at the end ("1,850 USD"). Not a pattern: one that reads spaces
 * before an anchored end backtracks over every run of spaces, quadratic in a long one.
 */
function withoutTrailingCurrency(text: string): string {
  if (text.toUpperCase().endsWith("USD")) return text.slice(0, -3);
  if (text.endsWith("$")) return text.slice(0, -1);
  return text;
}

/** What a typed amount will be stored as, "$1,850.50"; null when it is no amount. */
export function amountInputPreview(raw: string): string | null {
  const value = normalizeAmountInput(raw);
  if (!/^\d+(?:\.\d{1,2})?$/.test(value)) return null;
  return `$${Number(value).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}
