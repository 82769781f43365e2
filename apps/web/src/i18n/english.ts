/**
 * English without the i18n library: the catalogs the screens register, and `t` over them with
 * what i18next does for these catalogs (a "ns:" prefix, nested keys, plurals by `count`, a
 * `context`, `{{value}}` interpolation, `defaultValue`, `returnObjects`). An English reader's
 * first page never downloads the library; it loads for another language (./full.ts).
 * english.test.ts checks every key of every English catalog against i18next's own answer.
 */

export type Catalog = { [key: string]: string | Catalog };
export type TOptions = Record<string, unknown> & {
  ns?: string | readonly string[];
  count?: number;
  context?: unknown;
  defaultValue?: unknown;
  returnObjects?: boolean;
};

export const englishCatalogs = new Map<string, Catalog>();

const plurals = new Intl.PluralRules("en");

function lookup(catalog: Catalog | undefined, key: string): string | Catalog | undefined {
  if (!catalog) return undefined;
  if (Object.hasOwn(catalog, key)) return catalog[key];
  let value: string | Catalog | undefined = catalog;
  for (const part of key.split(".")) {
    if (typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

function valueAt(values: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(values, path)) return values[path];
  let value: unknown = values;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** `{{name}}` (and `{{- name}}`) replaced by the value; nothing escaped (React does that). */
export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{(.+?)\}\}/g, (whole, inner: string) => {
    const name = inner.replace(/^-/, "").trim();
    const value = valueAt(values, name);
    if (value === undefined || value === null) return whole;
    return typeof value === "object" ? JSON.stringify(value) : String(value as string);
  });
}

function interpolateDeep(value: string | Catalog, values: Record<string, unknown>): unknown {
  if (typeof value === "string") return interpolate(value, values);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, values)]),
  );
}

/** The keys i18next tries, in its order: with the context and the plural form, then without. */
function candidates(key: string, options: TOptions): string[] {
  const contexts =
    options.context !== undefined && options.context !== "" ? [`_${String(options.context)}`] : [];
  const forms: string[] = [];
  if (typeof options.count === "number") {
    if (options.count === 0) forms.push("_zero");
    forms.push(`_${plurals.select(options.count)}`);
  }
  const keys: string[] = [];
  for (const context of contexts) {
    for (const form of forms) keys.push(`${key}${context}${form}`);
    keys.push(`${key}${context}`);
  }
  for (const form of forms) keys.push(`${key}${form}`);
  keys.push(key);
  return keys;
}

/** The English text of `key` in the namespaces (the first is the default), as i18next gives it. */
export function translateEnglish(
  namespaces: readonly string[],
  keys: string | readonly string[],
  options: TOptions = {},
): unknown {
  const list = typeof keys === "string" ? [keys] : keys;
  const fromOption = options.ns === undefined ? [] : [options.ns].flat();
  const searched = fromOption.length > 0 ? fromOption : namespaces;
  for (const full of list) {
    let key = full;
    let scope = searched;
    const colon = full.indexOf(":");
    if (colon > 0 && englishCatalogs.has(full.slice(0, colon))) {
      scope = [full.slice(0, colon)];
      key = full.slice(colon + 1);
    }
    for (const ns of scope) {
      const catalog = englishCatalogs.get(ns);
      for (const candidate of candidates(key, options)) {
        const value = lookup(catalog, candidate);
        if (value === undefined) continue;
        if (typeof value === "string") return interpolate(value, options);
        if (options.returnObjects) return interpolateDeep(value, options);
        return `key '${candidate} (en)' returned an object instead of string.`;
      }
    }
  }
  if (options.defaultValue !== undefined) {
    const fallback = options.defaultValue;
    return typeof fallback === "string" ? interpolate(fallback, options) : fallback;
  }
  const last = list[list.length - 1] ?? "";
  const colon = last.indexOf(":");
  return colon > 0 && englishCatalogs.has(last.slice(0, colon)) ? last.slice(colon + 1) : last;
}
