import { describe, expect, it } from "vitest";
import { CHINESE_CITY_NAMES, englishCityQuery } from "./chinese-city-names.js";
import { searchPlaces } from "./places.service.js";

describe("Chinese cities typed in Chinese", () => {
  it("are found by their English names, as the data writes them", () => {
    expect(searchPlaces("深圳", 5)[0]).toMatchObject({
      full_address: "Shenzhen, Guangdong, China",
      city: "Shenzhen",
      country_code: "CN",
    });
    expect(searchPlaces("广东省东莞市", 5)[0]).toMatchObject({ city: "Dongguan" });
    expect(searchPlaces("浙江义乌", 5)[0]).toMatchObject({ city: "Yiwu", country_code: "CN" });
    expect(searchPlaces("石家庄", 5)[0]).toMatchObject({ city: "Shijiazhuang" });
  });

  it("every city of the table is in the data, in China", () => {
    const missing = Object.entries(CHINESE_CITY_NAMES).filter(([chinese]) => {
      const [first] = searchPlaces(chinese, 1);
      return first?.country_code !== "CN";
    });
    expect(missing).toEqual([]);
  });

  it("leaves other queries to the English lookup", () => {
    expect(englishCityQuery("Shenzhen")).toBeUndefined();
    expect(englishCityQuery("东京")).toBeUndefined();
    expect(searchPlaces("Shenzhen", 1)[0]?.city).toBe("Shenzhen");
  });
});
