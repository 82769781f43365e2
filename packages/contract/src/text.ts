import { z } from "zod";

/**
 * The text rule: every text that enters the system (JSON bodies, query strings, multipart fields,
 * socket frames) may hold any Unicode except C0 control characters other than tab, line feed and
 * carriage return (textareas and pasted text carry CRLF), DEL, and lone UTF-16 surrogates. Such
 * characters have no meaning in a form field, PostgreSQL refuses NUL in text, and a lone
 * surrogate cannot be encoded as UTF-8. Fields refuse them with a field error; search terms and
 * uploaded file names, which nobody reads back as typed, have them removed instead.
 */
export const textMessages = {
  invalid: "Text cannot contain control characters or broken Unicode",
} as const;

function isDisallowedUnit(code: number): boolean {
  if (code < 0x20) return code !== 0x09 && code !== 0x0a && code !== 0x0d;
  return code === 0x7f;
}

/** The index of the first character the text rule refuses, or -1. */
function firstDisallowed(value: string, from = 0): { index: number; length: number } | null {
  for (let i = from; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      if (isDisallowedUnit(code)) return { index: i, length: 1 };
      continue;
    }
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
    }
    return { index: i, length: 1 };
  }
  return null;
}

/** True when the value obeys the text rule. */
export function isAllowedText(value: string): boolean {
  return firstDisallowed(value) === null;
}

/** The value with every character the text rule refuses removed (for search terms, file names). */
export function stripDisallowedText(value: string): string {
  let found = firstDisallowed(value);
  if (!found) return value;
  let result = "";
  let start = 0;
  while (found) {
    result += value.slice(start, found.index);
    start = found.index + found.length;
    found = firstDisallowed(value, start);
  }
  return result + value.slice(start);
}

/**
 * The base of every text field of every request schema: a string that obeys the text rule.
 * Further checks chain as on `z.string()`; they do not run once this one fails.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isAllowedText, { error: textMessages.invalid, abort: true });
}
