import {
  warehouseMessages,
  type CreateWarehouseInput,
  type Warehouse,
  type createWarehouseInputSchema,
  type updateWarehouseInputSchema,
} from "@fba/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError } from "../../lib/errors.js";
import { presentWarehouse } from "./warehouses.presenter.js";
import {
  findWarehouse,
  insertWarehouse,
  searchWarehouses,
  updateWarehouse,
  type WarehouseValues,
} from "./warehouses.repository.js";

type CreateData = z.output<typeof createWarehouseInputSchema>;
type UpdateData = z.output<typeof updateWarehouseInputSchema>;

export type { CreateWarehouseInput };

function toValues(input: UpdateData): Partial<WarehouseValues> {
  const values: Partial<WarehouseValues> = {};
  if (input.code !== undefined) values.code = input.code;
  if (input.country !== undefined) values.country = input.country;
  if (input.address !== undefined) values.address = input.address;
  if (input.name !== undefined) values.name = input.name;
  if (input.city !== undefined) values.city = input.city;
  if (input.state !== undefined) values.state = input.state;
  if (input.postal_code !== undefined) values.postalCode = input.postal_code;
  if (input.type !== undefined) values.type = input.type;
  if (input.port !== undefined) values.port = input.port;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  return values;
}

/** Suggestions for the booking form: active warehouses only. */
export async function suggestWarehouses(db: Db, q: string | undefined): Promise<Warehouse[]> {
  const rows = await searchWarehouses(db, { q, includeInactive: false, limit: q ? 20 : 500 });
  return rows.map(presentWarehouse);
}

export async function listAllWarehouses(db: Db, q: string | undefined): Promise<Warehouse[]> {
  const rows = await searchWarehouses(db, { q, includeInactive: true, limit: 1000 });
  return rows.map(presentWarehouse);
}

export async function addWarehouse(db: Db, input: CreateData): Promise<Warehouse> {
  const row = await insertWarehouse(db, {
    code: input.code,
    country: input.country,
    address: input.address,
    ...toValues(input),
    isActive: input.is_active ?? true,
  } as WarehouseValues);
  if (!row) throw AppError.conflict(warehouseMessages.duplicate);
  return presentWarehouse(row);
}

export async function editWarehouse(db: Db, id: number, input: UpdateData): Promise<Warehouse> {
  const existing = await findWarehouse(db, id);
  if (!existing) throw AppError.notFound("Warehouse not found");
  const values = toValues(input);
  if (Object.keys(values).length === 0) return presentWarehouse(existing);
  try {
    const row = await updateWarehouse(db, id, values);
    if (!row) throw AppError.notFound("Warehouse not found");
    return presentWarehouse(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(warehouseMessages.duplicate);
    throw error;
  }
}
