declare module "zipcodes" {
  export interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipInfo | undefined;
    lookupByName(city: string, state: string): ZipInfo[];
    codes: Record<string, ZipInfo>;
    states: { full: Record<string, string>; abbr: Record<string, string> };
  };
  export default zipcodes;
}
