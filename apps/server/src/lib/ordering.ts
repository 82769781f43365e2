/** A list's `ordering` parameter resolved against that list's allow-list of sortable fields. */
export interface ResolvedOrdering<Column> {
  /** The allow-listed field name, without the `-` prefix. */
  name: string;
  column: Column;
  descending: boolean;
}

/**
 * Looks `ordering` (`field` or `-field`) up in an allow-list. Only the list's own keys count:
 * names every object inherits (`__proto__`, `constructor`, `toString`) are unknown like any other
 * unknown field, so the list keeps its default order.
 */
export function resolveOrdering<Column>(
  columns: Readonly<Record<string, Column>>,
  ordering: string | undefined,
): ResolvedOrdering<Column> | undefined {
  if (!ordering) return undefined;
  const descending = ordering.startsWith("-");
  const name = descending ? ordering.slice(1) : ordering;
  if (!Object.hasOwn(columns, name)) return undefined;
  return { name, column: columns[name] as Column, descending };
}
