/** Query keys of the admin screens. */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: () => [...adminKeys.all, "dashboard"] as const,
  shipments: (params: object) => [...adminKeys.all, "shipments", params] as const,
  users: (params: object) => [...adminKeys.all, "users", params] as const,
  warehouses: (q: string) => [...adminKeys.all, "warehouses", q] as const,
  recoveryFailures: () => [...adminKeys.all, "recovery-failures"] as const,
  parkedEvents: () => [...adminKeys.all, "parked-events"] as const,
};
