import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { shipmentKeys } from "../../../entities/shipment/api/get-shipment";
import type { Quotation } from "../../../entities/shipment/api/types";
import type { BidBody } from "../lib/bid-form";

/** The spec's amounts; the web form always adds the quotation's details. */
export type CreateQuotationBody = BidBody;

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
