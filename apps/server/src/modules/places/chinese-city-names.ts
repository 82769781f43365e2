/**
 * Chinese names of the cities sellers ship from, for the pickup lookup: the world cities data
 * (SimpleMaps basic) has English names only, so "深圳" is looked up as "Shenzhen" in China. A
 * curated table of the main manufacturing and export cities (Pearl River Delta, Yangtze River
 * Delta, Fujian, Shandong, the big inland hubs), not a transliteration: a city missing here is
 * still found by its English name. The results are the data's own English names.
 */
const CITIES: Record<string, string> = {
  深圳: "Shenzhen",
  广州: "Guangzhou",
  东莞: "Dongguan",
  佛山: "Foshan",
  中山: "Zhongshan",
  珠海: "Zhuhai",
  惠州: "Huizhou",
  江门: "Jiangmen",
  汕头: "Shantou",
  潮州: "Chaozhou",
  揭阳: "Jieyang",
  肇庆: "Zhaoqing",
  上海: "Shanghai",
  北京: "Beijing",
  天津: "Tianjin",
  重庆: "Chongqing",
  宁波: "Ningbo",
  杭州: "Hangzhou",
  义乌: "Yiwu",
  金华: "Jinhua",
  温州: "Wenzhou",
  绍兴: "Shaoxing",
  嘉兴: "Jiaxing",
  湖州: "Huzhou",
  苏州: "Suzhou",
  无锡: "Wuxi",
  常州: "Changzhou",
  南京: "Nanjing",
  南通: "Nantong",
  扬州: "Yangzhou",
  厦门: "Xiamen",
  福州: "Fuzhou",
  泉州: "Quanzhou",
  莆田: "Putian",
  漳州: "Zhangzhou",
  青岛: "Qingdao",
  济南: "Jinan",
  烟台: "Yantai",
  潍坊: "Weifang",
  临沂: "Linyi",
  郑州: "Zhengzhou",
  武汉: "Wuhan",
  长沙: "Changsha",
  成都: "Chengdu",
  西安: "Xi'an",
  合肥: "Hefei",
  南昌: "Nanchang",
  大连: "Dalian",
  沈阳: "Shenyang",
  石家庄: "Shijiazhuang",
  保定: "Baoding",
};

const HAN = /\p{Script=Han}/u;

/**
 * A query typed in Chinese as the English one the lookup understands ("广东省深圳市" ->
 * "Shenzhen, China"), or undefined when it names none of the table's cities.
 */
export function englishCityQuery(query: string): string | undefined {
  if (!HAN.test(query)) return undefined;
  let found: string | undefined;
  let length = 0;
  for (const [chinese, english] of Object.entries(CITIES)) {
    if (chinese.length > length && query.includes(chinese)) {
      found = english;
      length = chinese.length;
    }
  }
  return found === undefined ? undefined : `${found}, China`;
}

export const CHINESE_CITY_NAMES: Readonly<Record<string, string>> = CITIES;
