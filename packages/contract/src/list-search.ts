/**
 * What a list search looks for. A shipment is written "#42" on every screen, so "#42" finds
 * shipment 42 alone; a bare number finds that shipment and any text containing it. The text
 * matches product name, reference, pickup address and the destination FCs (lower-cased, as the
 * server compares). A "#" before anything but a number is dropped.
 */
export interface ListSearch {
  /** The text to look for, lower-cased; never blank. */
  text: string;
  /** The shipment id the search names, when it is a number of at most 9 digits. */
  id?: number;
  /** Written "#42": the id alone, not text that contains the number. */
  idOnly?: true;
}

export function parseListSearch(raw: string | undefined | null): ListSearch | undefined {
  if (!raw) return undefined;
  const trimmed = raw.trim();
  const text = trimmed.replace(/^#+\s*/, "").toLowerCase();
  if (text === "") return undefined;
  if (!/^\d{1,9}$/.test(text)) return { text };
  const id = Number(text);
  return trimmed.startsWith("#") ? { text, id, idOnly: true } : { text, id };
}
