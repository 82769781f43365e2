import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import type { Quotation } from "../../../entities/shipment/api/types";

export interface CreateQuotationBody {
  shipment: number;
  pickup_amount: string;
  fast_amount: string | null;
  normal_amount: string | null;
}

export function createQuotation(body: CreateQuotationBody) {
  return api.post<SuccessEnvelope<Quotation>>("shipper/quotation/", body);
}

export function useCreateQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuotation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
