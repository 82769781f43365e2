import type { Place } from "@fba/contract";
import { countryName } from "./world-cities.js";

/**
 * An online geocoder for street-level pickup addresses, used only where a deployment configures
 * one (GEOCODER_URL). Speaks the Nominatim search API (`format=jsonv2&addressdetails=1`) or
 * Photon's GeoJSON API. Any error, timeout or odd answer yields no results: the caller falls back
 * to the offline lookup.
 */
export interface GeocoderOptions {
  url: string;
  kind: "nominatim" | "photon";
  key?: string;
  timeoutMs: number;
}

interface NominatimResult {
  place_id?: number | string;
  osm_type?: string;
  osm_id?: number | string;
  lat?: string;
  lon?: string;
  address?: Record<string, string | undefined>;
}

interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: Record<string, string | number | undefined>;
}

const US_ZIP = /^\d{5}(-\d{4})?$/;

function place(parts: {
  id: string;
  street?: string;
  houseNumber?: string;
  city?: string;
  state?: string;
  postcode?: string;
  countryCode?: string;
  latitude: number;
  longitude: number;
}): Place | undefined {
  const code = parts.countryCode?.toUpperCase() ?? "";
  if (code.length !== 2 || !Number.isFinite(parts.latitude) || !Number.isFinite(parts.longitude))
    return undefined;
  const country = countryName(code);
  const street = [parts.houseNumber, parts.street].filter(Boolean).join(" ") || null;
  const city = parts.city ?? "";
  const state = parts.state ?? "";
  const zip = code === "US" && parts.postcode && US_ZIP.test(parts.postcode) ? parts.postcode : "";
  return {
    full_address: [street, city, [state, parts.postcode].filter(Boolean).join(" "), country]
      .filter(Boolean)
      .join(", ")
      .slice(0, 255),
    street_address: street?.slice(0, 100) ?? null,
    city: city.slice(0, 100),
    state: state.slice(0, 100),
    country,
    country_code: code,
    zip_code: zip,
    latitude: parts.latitude,
    longitude: parts.longitude,
    place_id: `geocoder:${parts.id}`.slice(0, 255),
  };
}

function fromNominatim(body: unknown): Place[] {
  if (!Array.isArray(body)) return [];
  return (body as NominatimResult[]).flatMap((result) => {
    const address = result.address ?? {};
    const found = place({
      id: `${result.osm_type ?? "place"}:${result.osm_id ?? result.place_id ?? ""}`,
      street: address.road,
      houseNumber: address.house_number,
      city: address.city ?? address.town ?? address.village ?? address.municipality,
      state: address.state ?? address.province,
      postcode: address.postcode,
      countryCode: address.country_code,
      latitude: Number(result.lat),
      longitude: Number(result.lon),
    });
    return found ? [found] : [];
  });
}

function fromPhoton(body: unknown): Place[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return (features as PhotonFeature[]).flatMap((feature) => {
    const p = feature.properties ?? {};
    const text = (key: string) => (typeof p[key] === "string" ? (p[key] as string) : undefined);
    const [longitude, latitude] = feature.geometry?.coordinates ?? [Number.NaN, Number.NaN];
    const found = place({
      id: `${text("osm_type") ?? "place"}:${p.osm_id ?? ""}`,
      street: text("street"),
      houseNumber: text("housenumber"),
      city: text("city") ?? text("name"),
      state: text("state"),
      postcode: text("postcode"),
      countryCode: text("countrycode"),
      latitude,
      longitude,
    });
    return found ? [found] : [];
  });
}

export async function geocode(
  options: GeocoderOptions,
  query: string,
  limit: number,
): Promise<Place[]> {
  const url = new URL(options.url);
  url.searchParams.set("q", query);
  url.searchParams.set("limit", String(limit));
  if (options.kind === "nominatim") {
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("addressdetails", "1");
  }
  if (options.key) url.searchParams.set("key", options.key);
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json", "user-agent": "fba-freight pickup lookup" },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) return [];
    const body: unknown = await response.json();
    return (options.kind === "nominatim" ? fromNominatim(body) : fromPhoton(body)).slice(0, limit);
  } catch {
    return [];
  }
}
