import { Readable } from "node:stream";

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value starting with = + - @ (or a tab
 * or carriage return) is prefixed with a quote so it is read as text, never as a formula; a cell
 * with a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended by CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV document streamed as it is read: the header, then each batch of rows the source yields
 * (a source reads the database a batch at a time, so a long export never sits in memory whole).
 * A byte-order mark first, so spreadsheet programs read the text as UTF-8.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly unknown[]>>,
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map(csvLine).join("");
    }
  }
  return Readable.from(lines());
}

/**
 * Rows read in batches by id, ascending: `read(afterId, limit)` gives the rows after an id; the
 * batches end when one comes back short.
 */
export async function* byIdBatches<Row extends { id: number }, Cells>(
  read: (afterId: number, limit: number) => Promise<Row[]>,
  toCells: (row: Row) => Cells,
  batchSize = 500,
): AsyncGenerator<Cells[]> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId, batchSize);
    yield rows.map(toCells);
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
