import zipcodes, { type ZipInfo } from "zipcodes";
import type { Place } from "@fba/contract";
import { englishCityQuery } from "./chinese-city-names.js";
import {
  cityIndex,
  countryCode,
  countryName,
  matchCities,
  normalizeName,
  type WorldCity,
} from "./world-cities.js";

/**
 * Offline address lookup: US ZIP codes from the ZIP table, cities of the whole world from
 * SimpleMaps' world cities database (world-cities.ts), each optionally followed by a state, province or country. No request
 * leaves the server.
 */

interface CityEntry {
  key: string;
  info: ZipInfo;
}

let zipCityIndex: CityEntry[] | undefined;
let usZips: ZipInfo[] | undefined;

/** First position whose key is >= the wanted one, in a list sorted by key. */
function lowerBound<T>(list: T[], wanted: string, key: (item: T) => string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (key(list[middle]!) < wanted) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Every US ZIP code in order, built on first use. */
function zips(): ZipInfo[] {
  usZips ??= Object.values(zipcodes.codes)
    .filter((info) => info.country === "US")
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  return usZips;
}

/** One entry per city and state (its lowest ZIP), built on first use. */
function cities(): CityEntry[] {
  if (zipCityIndex) return zipCityIndex;
  const seen = new Map<string, ZipInfo>();
  for (const info of Object.values(zipcodes.codes)) {
    if (info.country !== "US") continue;
    const key = `${info.city.toLowerCase()}|${info.state}`;
    const existing = seen.get(key);
    if (!existing || info.zip < existing.zip) seen.set(key, info);
  }
  zipCityIndex = [...seen.entries()]
    .map(([key, info]) => ({ key, info }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return zipCityIndex;
}

function toPlace(info: ZipInfo): Place {
  return {
    full_address: `${info.city}, ${info.state} ${info.zip}, USA`,
    street_address: null,
    city: info.city,
    state: info.state,
    country: "USA",
    country_code: "US",
    zip_code: info.zip,
    latitude: info.latitude,
    longitude: info.longitude,
    place_id: `zip:${info.zip}`,
  };
}

/** "CA", "ca" or "California" to "CA"; undefined when the text is not a state. */
function stateCode(text: string): string | undefined {
  const upper = text.trim().toUpperCase();
  if (zipcodes.states.abbr[upper]) return upper;
  return zipcodes.states.full[upper];
}

function byZipPrefix(prefix: string, limit: number): Place[] {
  if (prefix.length >= 5) {
    const exact = zipcodes.lookup(prefix.slice(0, 5));
    return exact && exact.country === "US" ? [toPlace(exact)] : [];
  }
  const list = zips();
  const results: Place[] = [];
  for (let at = lowerBound(list, prefix, (info) => info.zip); at < list.length; at += 1) {
    const info = list[at]!;
    if (!info.zip.startsWith(prefix) || results.length >= limit) break;
    results.push(toPlace(info));
  }
  return results;
}

/** The ZIP table's entry for a US city (its lowest ZIP), when it has one. */
function usCity(city: string, state: string): ZipInfo | undefined {
  const key = `${city.toLowerCase()}|${state}`;
  const entries = cities();
  const at = lowerBound(entries, key, (entry) => entry.key);
  return entries[at]?.key === key ? entries[at]!.info : undefined;
}

function worldPlace(city: WorldCity): Place {
  if (city.countryCode === "US") {
    const zip = usCity(city.name, city.region);
    if (zip) return toPlace(zip);
  }
  const country = countryName(city.countryCode);
  // "Shanghai, Shanghai, China" and "London, London, City of, UK" read better without the region.
  const region = normalizeName(city.region).startsWith(normalizeName(city.name)) ? "" : city.region;
  return {
    full_address: [city.name, region, country].filter(Boolean).join(", "),
    street_address: null,
    city: city.name,
    state: city.region,
    country,
    country_code: city.countryCode,
    zip_code: "",
    latitude: city.latitude,
    longitude: city.longitude,
    place_id: `city:${city.id}`,
  };
}

const worldIndex = () => cityIndex(stateCode);

/** What follows the city: a US state, a country, or a province/state name. */
function qualifier(text: string): ((city: WorldCity) => boolean) | undefined {
  const state = stateCode(text);
  const country = countryCode(text);
  const region = normalizeName(text);
  if (!region) return undefined;
  return (city) =>
    (state !== undefined && city.countryCode === "US" && city.region === state) ||
    (country !== undefined && city.countryCode === country) ||
    normalizeName(city.region).startsWith(region);
}

function byCity(text: string, limit: number): Place[] {
  let cityText = text;
  let accept: ((city: WorldCity) => boolean) | undefined;
  const comma = text.indexOf(",");
  if (comma >= 0) {
    cityText = text.slice(0, comma);
    accept = qualifier(
      text
        .slice(comma + 1)
        .split(",")
        .at(-1) ?? "",
    );
  } else {
    // "Austin TX", "Austin Texas", "Ningbo China": a trailing state or country.
    const words = text.split(" ");
    for (let take = Math.min(3, words.length - 1); take >= 1; take -= 1) {
      const tail = words.slice(-take).join(" ");
      if (stateCode(tail) || countryCode(tail)) {
        const narrowed = matchCities(
          worldIndex(),
          words.slice(0, -take).join(" "),
          limit,
          qualifier(tail),
        );
        if (narrowed.length > 0)
          return unique(
            narrowed.map((match) => worldPlace(match.city)),
            limit,
          );
      }
    }
  }
  const matches = matchCities(worldIndex(), cityText, limit * 2, accept).map((match) =>
    worldPlace(match.city),
  );
  // US towns under 1,000 people are only in the ZIP table.
  if (matches.length < limit)
    matches.push(...usTowns(cityText, accept ? text.slice(comma + 1) : undefined, limit));
  return unique(matches, limit);
}

function usTowns(cityText: string, stateText: string | undefined, limit: number): Place[] {
  const state = stateText === undefined ? undefined : stateCode(stateText);
  if (stateText !== undefined && state === undefined) return [];
  const needle = cityText.trim().toLowerCase();
  if (needle.length === 0) return [];
  const entries = cities();
  const found: Place[] = [];
  for (let at = lowerBound(entries, needle, (entry) => entry.key); at < entries.length; at += 1) {
    const entry = entries[at]!;
    if (!entry.key.startsWith(needle) || found.length >= limit) break;
    if (!state || entry.info.state === state) found.push(toPlace(entry.info));
  }
  return found;
}

function unique(places: Place[], limit: number): Place[] {
  const seen = new Set<string>();
  const result: Place[] = [];
  for (const place of places) {
    if (seen.has(place.place_id)) continue;
    seen.add(place.place_id);
    result.push(place);
    if (result.length >= limit) break;
  }
  return result;
}

/** Offline lookup: a US ZIP code (or its first digits), or a city anywhere, optionally with its state or country. */
export function searchPlaces(query: string, limit: number): Place[] {
  const text = query.trim();
  if (text.length < 2) return [];
  const zip = /^(\d{3,5})(-\d{0,4})?$/.exec(text);
  if (zip?.[1]) return byZipPrefix(zip[1], limit);
  // A Chinese city typed in Chinese: the data's English name (chinese-city-names.ts).
  const english = englishCityQuery(text);
  if (english) return byCity(english, limit);
  return byCity(text.replace(/\s+/g, " "), limit);
}
