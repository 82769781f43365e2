import zipcodes, { type ZipInfo } from "zipcodes";
import type { Place } from "@fba/contract";

/**
 * Offline address lookup over the US ZIP code table: a ZIP (or its first digits) or a city,
 * optionally followed by a state. No request leaves the server.
 */

interface CityEntry {
  key: string;
  info: ZipInfo;
}

let cityIndex: CityEntry[] | undefined;

/** One entry per city and state (its lowest ZIP), built on first use. */
function cities(): CityEntry[] {
  if (cityIndex) return cityIndex;
  const seen = new Map<string, ZipInfo>();
  for (const info of Object.values(zipcodes.codes)) {
    if (info.country !== "US") continue;
    const key = `${info.city.toLowerCase()}|${info.state}`;
    const existing = seen.get(key);
    if (!existing || info.zip < existing.zip) seen.set(key, info);
  }
  cityIndex = [...seen.entries()]
    .map(([key, info]) => ({ key, info }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return cityIndex;
}

function toPlace(info: ZipInfo): Place {
  return {
    full_address: `${info.city}, ${info.state} ${info.zip}, USA`,
    street_address: null,
    city: info.city,
    state: info.state,
    country: "USA",
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
  const exact = zipcodes.lookup(prefix.slice(0, 5));
  if (prefix.length >= 5) return exact && exact.country === "US" ? [toPlace(exact)] : [];
  const results: Place[] = [];
  for (const [zip, info] of Object.entries(zipcodes.codes)) {
    if (info.country === "US" && zip.startsWith(prefix)) {
      results.push(toPlace(info));
      if (results.length >= limit) break;
    }
  }
  return results;
}

function byCity(text: string, limit: number): Place[] {
  let cityText = text;
  let state: string | undefined;
  const comma = text.lastIndexOf(",");
  if (comma >= 0) {
    cityText = text.slice(0, comma);
    state = stateCode(text.slice(comma + 1));
  } else {
    // "Austin TX" and "Austin Texas": a trailing state name or code.
    const words = text.split(/\s+/);
    for (let take = Math.min(3, words.length - 1); take >= 1; take -= 1) {
      const candidate = stateCode(words.slice(-take).join(" "));
      if (candidate) {
        state = candidate;
        cityText = words.slice(0, -take).join(" ");
        break;
      }
    }
  }
  const needle = cityText.trim().toLowerCase();
  if (needle.length === 0) return [];
  const exact: Place[] = [];
  const prefixed: Place[] = [];
  for (const entry of cities()) {
    if (state && entry.info.state !== state) continue;
    const city = entry.info.city.toLowerCase();
    if (city === needle) exact.push(toPlace(entry.info));
    else if (city.startsWith(needle) && prefixed.length < limit) prefixed.push(toPlace(entry.info));
  }
  return [...exact, ...prefixed].slice(0, limit);
}

export function searchPlaces(query: string, limit: number): Place[] {
  const text = query.trim();
  if (text.length < 2) return [];
  const zip = /^(\d{3,5})(-\d{0,4})?$/.exec(text);
  if (zip?.[1]) return byZipPrefix(zip[1], limit);
  return byCity(text.replace(/\s+/g, " "), limit);
}
