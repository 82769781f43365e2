import { warehouseLabel, type Warehouse } from "@fba/contract";
import type { WarehouseRow } from "./warehouses.repository.js";

export function presentWarehouse(row: WarehouseRow): Warehouse {
  return {
    id: row.id,
    code: row.code,
    country: row.country,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    type: row.type,
    port: row.port,
    is_active: row.isActive,
    label: warehouseLabel(row),
  };
}
