/**
 * Whether a width query such as MUI's breakpoints write it ("@media (max-width:899.95px)",
 * "(min-width:600px) and (max-width:899.95px)") holds at `width` pixels; a query with no width in
 * it does not. For a server, which has no window to ask (app/first-paint.tsx).
 */
export function matchesWidth(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, value]) =>
    bound === "min" ? width >= Number(value) : width <= Number(value),
  );
}
