/**
 * Hostile values for every field of every request and socket frame: text the text rule refuses,
 * text it must accept without harm, wrong types and shapes. Shared by the HTTP and socket fuzz.
 */

const C0_AND_DEL = `${Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("")}\u007f`;
const DEPTH = 5_000;

/** Texts: sent as they are in bodies and frames, URL-encoded in query strings and paths. */
export const HOSTILE_TEXTS: ReadonlyArray<{ name: string; value: string }> = [
  { name: "NUL", value: "\u0000" },
  { name: "NUL inside", value: "ship\u0000ment" },
  { name: "every C0 control and DEL", value: `a${C0_AND_DEL}b` },
  { name: "lone high surrogate", value: "lamp\ud800" },
  { name: "lone low surrogate", value: "\udfff" },
  { name: "reversed surrogates", value: "\udc00\ud800" },
  { name: "right-to-left override", value: "\u202eexe.fdp\u202c invoice" },
  {
    name: "zero-width joiners and a long emoji sequence",
    value: `\u200b\u200d\ufeff${"👩‍👩‍👧‍👦🏳️‍🌈".repeat(300)}`,
  },
  { name: "1 MB of text", value: "a".repeat(1_000_000) },
  { name: "a huge number as text", value: "9".repeat(400) },
  { name: "an exponent beyond doubles", value: "1e309" },
  { name: "negative zero", value: "-0" },
  { name: "NaN", value: "NaN" },
  { name: "__proto__", value: "__proto__" },
  { name: "constructor", value: "constructor" },
  { name: "deep JSON as text", value: `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}` },
];

/**
 * Non-text values for JSON bodies and frames, as JSON text: nesting this deep is beyond what
 * JSON.stringify can write, yet a client can send it.
 */
export const HOSTILE_VALUES: ReadonlyArray<{ name: string; json: string }> = [
  { name: "a number for a text", json: "123456789012" },
  { name: "a negative fraction", json: "-1.5" },
  { name: "the largest double", json: "1.7976931348623157e308" },
  { name: "true", json: "true" },
  { name: "null", json: "null" },
  { name: "an empty array", json: "[]" },
  { name: "an array of texts", json: '["a","\\u0000"]' },
  { name: "deeply nested arrays", json: `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}` },
  { name: "deeply nested objects", json: `${'{"a":'.repeat(DEPTH)}{}${"}".repeat(DEPTH)}` },
  { name: "an object with constructor.prototype", json: '{"constructor":{"prototype":{"x":1}}}' },
];

const PLACEHOLDER = "\u0001hostile-placeholder\u0001";

/** JSON text of `value` with every PLACEHOLDER text replaced by raw JSON. */
export function stringifyWith(value: unknown, rawJson: string): string {
  return JSON.stringify(value).split(JSON.stringify(PLACEHOLDER)).join(rawJson);
}
export { PLACEHOLDER as HOSTILE_PLACEHOLDER };

/**
 * Raw JSON object texts that JSON.stringify cannot write: a key given twice (the hostile copy
 * last, then first), and `__proto__` as an own key.
 */
export function rawJsonVariants(
  base: Record<string, unknown>,
  key: string,
  hostile: unknown,
): Array<{ name: string; text: string }> {
  const rest = JSON.stringify(base).slice(1, -1);
  const field = `${JSON.stringify(key)}:${JSON.stringify(hostile)}`;
  const join = (...parts: string[]) => `{${parts.filter(Boolean).join(",")}}`;
  return [
    { name: `duplicate ${key}, hostile last`, text: join(rest, field) },
    { name: `duplicate ${key}, hostile first`, text: join(field, rest) },
    {
      name: `__proto__ beside ${key}`,
      text: join(`"__proto__":{"isAdmin":true,"${key}":${JSON.stringify(hostile)}}`, rest),
    },
  ];
}
