// Pickup lookup benchmark: 1,000 lookups of realistic prefixes (factory cities abroad, US cities,
// ZIP codes, a city with its country) against the built server's offline lookup, after the index
// has loaded. Reports the first lookup (which loads the index) apart from the steady figures.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "apps/server/dist/modules/places/places.service.js");
if (!existsSync(built)) {
  console.log("places lookup: not measured (run npm run build first)");
  process.exit(0);
}
const { searchPlaces } = await import(pathToFileURL(built).href);

const TERMS = [
  "sh",
  "she",
  "shen",
  "shenz",
  "shenzhen",
  "gu",
  "guang",
  "guangzhou",
  "ni",
  "ning",
  "ningbo",
  "yi",
  "yiwu",
  "dong",
  "dongguan",
  "xia",
  "xiamen",
  "ho",
  "ho chi",
  "ho chi minh",
  "han",
  "hanoi",
  "de",
  "del",
  "delhi",
  "mum",
  "mumbai",
  "is",
  "ist",
  "istanbul",
  "ka",
  "karachi",
  "dh",
  "dhaka",
  "ja",
  "jakarta",
  "ban",
  "bangkok",
  "la",
  "los an",
  "los angeles",
  "au",
  "austin, tx",
  "new y",
  "new york",
  "chi",
  "chicago",
  "902",
  "90210",
  "10001",
  "60601",
  "ningbo, china",
  "london, uk",
  "sao p",
  "monterrey",
  "tij",
  "tijuana",
  "busan",
  "tai",
  "taipei",
  "ho ch",
  "minh",
];

const first = performance.now();
searchPlaces("shen", 8);
const loadMs = performance.now() - first;

const timings = [];
for (let i = 0; i < 1000; i += 1) {
  const term = TERMS[i % TERMS.length];
  const started = performance.now();
  searchPlaces(term, 8);
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(2);
console.log(
  `places lookup: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${timings.at(-1).toFixed(2)} ms over 1,000 lookups of ${TERMS.length} prefixes (first lookup, loading the index, ${loadMs.toFixed(0)} ms)`,
);
