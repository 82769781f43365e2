/**
 * Which part of a search the trigram index is asked for. A search by text reads the index entries
 * of every trigram of its term, and a word nearly every shipment holds (where every reference
 * starts "FBR", that word) brings entries for nearly every shipment and narrows nothing: at
 * 1,000,000 shipments "FBR 0012345" took 85 ms to find its one shipment, and 1 ms looked up by
 * "0012345", the whole term then checked on the rows found (docs/perf/README.md).
 *
 * Which words are everywhere is told by PostgreSQL's own sample of the search texts (the column's
 * statistics, which ANALYZE keeps): a word found in nearly every text of the sample is left out
 * of the lookup when it begins or ends the term. Nothing is left out of the match itself. A term
 * found in many texts of the sample is not looked up by trigrams at all (isCommonSearchText).
 */

/** Texts the sample must hold before any word is judged to be everywhere. */
export const MIN_SAMPLE_TEXTS = 50;

/** A word found in at least this share of the sample's texts is everywhere. */
const EVERYWHERE_SHARE = 0.9;

const WORD = /[\p{L}\p{N}]+/gu;
/** A trigram needs three word characters in a row: a part without them could not narrow. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * The part of `text` (a search, lower-cased) worth looking up by trigrams: the term without the
 * words that begin or end it and are found in nearly every text of `sample`. Undefined when the
 * whole term is (no such word, too small a sample, or nothing left that trigrams could find).
 */
export function narrowedSearchText(text: string, sample: readonly string[]): string | undefined {
  if (sample.length < MIN_SAMPLE_TEXTS) return undefined;
  const words = [...text.matchAll(WORD)];
  if (words.length < 2) return undefined;
  const least = Math.ceil(EVERYWHERE_SHARE * sample.length);
  const everywhere = (word: string) => {
    let found = 0;
    for (const sampled of sample) if (sampled.includes(word) && ++found >= least) return true;
    return false;
  };
  let first = 0;
  let last = words.length - 1;
  while (first <= last && everywhere(words[first]![0])) first += 1;
  while (last > first && everywhere(words[last]![0])) last -= 1;
  if (first > last || (first === 0 && last === words.length - 1)) return undefined;
  const start = words[first]!.index;
  const end = words[last]!.index + words[last]![0].length;
  const narrowed = text.slice(start, end);
  return TRIGRAM.test(narrowed) ? narrowed : undefined;
}

/**
 * A term found in at least this share of the sample's texts (and in two of them) is common: a
 * list's first matches in its own order are then found by walking the list's index and checking
 * each row (about 1 / share entries a match, at any table size), not by the trigram index, whose
 * lookup returns every match in the table before any is ordered.
 */
const COMMON_SHARE = 0.01;

/** Whether `text` (a search, lower-cased) is common in `sample` (COMMON_SHARE). */
export function isCommonSearchText(text: string, sample: readonly string[]): boolean {
  if (sample.length < MIN_SAMPLE_TEXTS) return false;
  const least = Math.max(2, Math.ceil(COMMON_SHARE * sample.length));
  let found = 0;
  for (const sampled of sample) if (sampled.includes(text) && ++found >= least) return true;
  return false;
}

/** What the sample tells of a term: the part looked up by trigrams, and whether it is common. */
interface SampledTerm {
  narrowed: string | undefined;
  common: boolean;
}

/**
 * The part of a search looked up by trigrams (`part`, lower-cased) without its spaces, when it has
 * several words: PostgreSQL takes a text's trigrams word by word, so looked up as typed, "mug 12"
 * finds every text holding "mug" and a word beginning "12". Looked up in the search texts without
 * their spaces (shipments_search_joined_trgm_idx), "mug12" has trigrams across the words. Undefined
 * for a single word, or when nothing is left that trigrams could find.
 */
export function joinedSearchText(part: string): string | undefined {
  if (!part.includes(" ")) return undefined;
  const joined = part.replaceAll(" ", "");
  return TRIGRAM.test(joined) ? joined : undefined;
}

/** Terms whose narrowed part is remembered against one sample, before the memory starts again. */
const REMEMBERED_TERMS = 1_000;

export interface SearchSampleOptions {
  /** How long a sample is used before it is read again (in the background). */
  refreshMs?: number;
  now?: () => number;
}

/**
 * PostgreSQL's sample of the search texts, as last read: a stale one is read again in the
 * background, and searches go on with the one they have meanwhile (none, at first: every word is
 * then looked up). A read that fails keeps the sample there was until the next try: the sample
 * only decides which words are looked up, never what matches.
 */
export class SearchSample {
  private texts: readonly string[] = [];
  /** Each term's narrowedSearchText and isCommonSearchText against `texts`. */
  private readonly terms = new Map<string, SampledTerm>();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(
    private readonly read: () => Promise<string[]>,
    options: SearchSampleOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The sample as last read; a stale one starts a read of the next. */
  current(): readonly string[] {
    if (!this.reading && this.now() - this.readAt >= this.refreshMs) void this.refresh();
    return this.texts;
  }

  /**
   * The part of `text` worth looking up by trigrams against the current sample (narrowedSearchText),
   * remembered until the sample is read again: a sample of 1,000 texts is a thousand substring
   * checks for each word.
   */
  narrowed(text: string): string | undefined {
    return this.term(text).narrowed;
  }

  /** Whether `text` is common in the current sample (isCommonSearchText), remembered as above. */
  common(text: string): boolean {
    return this.term(text).common;
  }

  private term(text: string): SampledTerm {
    const sample = this.current();
    let term = this.terms.get(text);
    if (term) return term;
    term = { narrowed: narrowedSearchText(text, sample), common: isCommonSearchText(text, sample) };
    if (this.terms.size >= REMEMBERED_TERMS) this.terms.clear();
    this.terms.set(text, term);
    return term;
  }

  /** Reads the sample now (or joins the read under way). */
  refresh(): Promise<void> {
    this.reading ??= this.read()
      .then(
        (texts) => {
          this.texts = texts;
          this.terms.clear();
        },
        () => undefined,
      )
      .finally(() => {
        this.readAt = this.now();
        this.reading = undefined;
      });
    return this.reading;
  }
}
