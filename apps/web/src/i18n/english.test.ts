import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { englishCatalogs, translateEnglish, type Catalog, type TOptions } from "./english";

// Every English catalog, as the screens register them.
const files = import.meta.glob<{ default: Catalog }>("../locales/en/*.json", { eager: true });
const catalogs = Object.fromEntries(
  Object.entries(files).map(([file, module]) => [/([^/]+)\.json$/.exec(file)![1]!, module.default]),
);

function leaves(catalog: Catalog, prefix = ""): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

// What a catalog may use that the present ones may not yet: zero, context, nesting, arrays.
const sample: Catalog = {
  item_zero: "No items",
  item_one: "{{count}} item",
  item_other: "{{count}} items",
  seat: "A seat",
  seat_window: "A window seat",
  seat_window_other: "{{count}} window seats",
  deep: { er: { text: "Deep {{who.name}}" } },
  "flat.key": "Flat",
};
catalogs.sample = sample;

const library = i18next.createInstance();

beforeAll(async () => {
  await library.init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: catalogs },
    interpolation: { escapeValue: false },
  });
  for (const [ns, catalog] of Object.entries(catalogs)) englishCatalogs.set(ns, catalog);
});

/** The calls a screen makes with a key: bare, with its values, with counts. */
function callsFor(key: string, text: string): [string, TOptions | undefined][] {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
  const names = [...text.matchAll(/\{\{-?\s*([^},]+?)\s*\}\}/g)].map((match) => match[1]!);
  const values = Object.fromEntries(names.map((name, i) => [name, `v${i}`]));
  return [
    [key, undefined],
    [base, { ...values }],
    [base, { ...values, count: 0 }],
    [base, { ...values, count: 1 }],
    [base, { ...values, count: 7 }],
    [`${key}.missing`, { defaultValue: "Fallback {{x}}", x: 1 }],
  ];
}

describe("English without the library", () => {
  it("answers every key of every English catalog as i18next does", () => {
    let compared = 0;
    for (const [ns, catalog] of Object.entries(catalogs)) {
      const t = library.getFixedT("en", ns as never);
      for (const [key, text] of leaves(catalog)) {
        for (const [call, options] of callsFor(key, text)) {
          expect(translateEnglish([ns], call, options), `${ns}:${call}`).toEqual(
            t(call, options as never),
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("reads the namespace prefix, another namespace, nested objects and missing keys alike", () => {
    const t = library.getFixedT("en", "common");
    const [ns, catalog] = Object.entries(catalogs).find(
      ([name, value]) => name !== "common" && leaves(value).length > 0,
    )!;
    const [key] = leaves(catalog)[0]!;
    const section = Object.keys(catalog).find((name) => typeof catalog[name] === "object");
    const cases: [string, TOptions | undefined][] = [
      [`${ns}:${key}`, undefined],
      [key, { ns }],
      ["no.such.key", undefined],
      [`${ns}:no.such.key`, undefined],
      ["plain {{missing}}", { defaultValue: "Plain {{missing}}" }],
      ...(section ? [[section, { ns, returnObjects: true }] as [string, TOptions]] : []),
      ...[0, 1, 2].map((count) => ["sample:item", { count }] as [string, TOptions]),
      ...[0, 1, 2].map(
        (count) => ["sample:seat", { count, context: "window" }] as [string, TOptions],
      ),
      ["sample:seat", { context: "aisle" }],
      ["sample:deep.er.text", { who: { name: "Ann" } }],
      ["sample:deep", { returnObjects: true, who: { name: "Ann" } }],
      ["sample:flat.key", undefined],
      [["sample:nope", "sample:seat"] as unknown as string, undefined],
    ];
    for (const [call, options] of cases)
      expect(translateEnglish(["common"], call, options), call).toEqual(t(call, options as never));
  });
});
