import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateWarehouseInput,
  SuccessEnvelope,
  UpdateWarehouseInput,
  Warehouse,
} from "@fba/contract";
import { api } from "../../../lib/api-client";
import { warehousesChanged } from "../../../entities/warehouse/api/keys";
import { adminKeys } from "./keys";

export function getAllWarehouses(q: string, signal?: AbortSignal) {
  return api.get<SuccessEnvelope<Warehouse[]>>("admin/warehouses/", { q }, signal);
}

export const allWarehousesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.warehouses(q),
    queryFn: ({ signal }) => getAllWarehouses(q, signal),
    select: (res) => res.data,
  });

/** Every warehouse, disabled ones included. */
export function useAllWarehouses(q: string) {
  return useQuery(allWarehousesQueryOptions(q));
}

export function createWarehouse(input: CreateWarehouseInput) {
  return api.post<SuccessEnvelope<Warehouse>>("admin/warehouses/", input);
}

export function updateWarehouse(id: number, input: UpdateWarehouseInput) {
  return api.patch<SuccessEnvelope<Warehouse>>(`admin/warehouses/${id}/`, input);
}

function useRefreshWarehouses() {
  const queryClient = useQueryClient();
  // The booking form's destination picker reads the public list; refresh it too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "warehouses"] }),
      warehousesChanged(queryClient),
    ]);
}

export function useCreateWarehouse() {
  const refresh = useRefreshWarehouses();
  return useMutation({ mutationFn: createWarehouse, onSuccess: refresh });
}

export function useUpdateWarehouse() {
  const refresh = useRefreshWarehouses();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWarehouseInput }) =>
      updateWarehouse(id, input),
    onSuccess: refresh,
  });
}
