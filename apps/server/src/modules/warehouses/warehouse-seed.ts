import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Db } from "../../db/client.js";
import {
  countWarehouses,
  insertWarehousesIfMissing,
  type WarehouseValues,
} from "./warehouses.repository.js";

/** Same relative place from src/ and dist/: apps/server/data. */
const csvPath = fileURLToPath(
  new URL("../../../data/amazon-fulfillment-centers.csv", import.meta.url),
);

/** Splits CSV text with quoted fields ("a, b") into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i += 1;
      row.push(cell);
      if (row.some((value) => value !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  row.push(cell);
  if (row.some((value) => value !== "")) rows.push(row);
  return rows;
}

function warehousesFromCsv(text: string): WarehouseValues[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const column = (name: string) => header.indexOf(name);
  const value = (row: string[], name: string) => {
    const cell = row[column(name)]?.trim() ?? "";
    return cell === "" ? null : cell;
  };
  return rows
    .filter((row) => value(row, "code") && value(row, "country") && value(row, "address"))
    .map((row) => ({
      code: value(row, "code")!,
      country: value(row, "country")!,
      name: value(row, "name"),
      address: value(row, "address")!,
      city: value(row, "city"),
      state: value(row, "state"),
      postalCode: value(row, "postal_code"),
      type: value(row, "type"),
      port: value(row, "port"),
      isActive: true,
    }));
}

/** Fills an empty warehouses table from the shipped snapshot; admins curate it afterwards. */
export async function seedWarehousesIfEmpty(db: Db): Promise<number> {
  if ((await countWarehouses(db)) > 0) return 0;
  const rows = warehousesFromCsv(await readFile(csvPath, "utf8"));
  await insertWarehousesIfMissing(db, rows);
  return rows.length;
}
