/** Query keys of sample shipments; invalidating `all` refreshes every sample view. */
export const sampleShipmentKeys = {
  all: ["sample-shipments"] as const,
  lists: () => [...sampleShipmentKeys.all, "list"] as const,
  list: (params: object) => [...sampleShipmentKeys.lists(), params] as const,
  detail: (id: number) => [...sampleShipmentKeys.all, "detail", id] as const,
};
