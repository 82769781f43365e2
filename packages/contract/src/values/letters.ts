/**
 * Letters as people write them: where the spec says "letters" or "alphabets", a letter of any
 * script counts (Unicode letters with their combining marks), so 李伟, Müller and Иванов are
 * names and 竹制砧板 a product. Digits stay the ASCII digits the spec means.
 */

/** Letters and spaces. */
const LETTER_WORDS = /^[\p{L}\p{M} ]+$/u;

/**
 * A person's name: words of letters joined by spaces, a hyphen or an apostrophe standing between
 * two letters ("Patel-Ramanathan", "O'Brien", "D’Angelo").
 */
const PERSON_NAME =
  /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*(?: +[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*)*$/u;

/** Letters, digits and spaces. */
const LETTERS_DIGITS_SPACES = /^[\p{L}\p{M}0-9 ]+$/u;

/**
 * A booking or PO reference: letters and digits, with spaces, hyphens, slashes and dots between
 * them ("PO-2026-1201", "BK/55.1").
 */
const REFERENCE = /^[\p{L}\p{M}0-9]+(?:[ ./-]+[\p{L}\p{M}0-9]+)*$/u;

/** Scripts in which a single character is a whole name (李, 王). */
const ONE_CHARACTER_NAME =
  /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

export const isLetterWords = (value: string): boolean => LETTER_WORDS.test(value);
export const isPersonName = (value: string): boolean => PERSON_NAME.test(value);
export const isLettersDigitsSpaces = (value: string): boolean => LETTERS_DIGITS_SPACES.test(value);
export const isReference = (value: string): boolean => REFERENCE.test(value);

/** A name long enough to be one: two characters, or one in a script where one is a name. */
export const isLongEnoughName = (value: string, min: number): boolean =>
  [...value].length >= min || ONE_CHARACTER_NAME.test(value);
