import { useCallback } from "react";
import type { ListParams } from "./use-list-state";
import { translatedWhat } from "../query-state/QueryState";
import { useComponentsT } from "../i18n";

/**
 * What an empty list says, in the current language (see `listEmptyText`): the list's own text
 * when nothing narrows it, and that nothing matches when a search or filter does.
 */
export function useListEmptyText() {
  const { t } = useComponentsT();
  return useCallback(
    (
      emptyText: string,
      params: Pick<ListParams, "search" | "status" | "shipment_ready_date">,
      what = "shipments",
    ): string => {
      const search = params.search?.trim();
      const named = translatedWhat(t, what);
      if (search) return t("empty.search", { what: named, search });
      if (params.status || params.shipment_ready_date) return t("empty.filters", { what: named });
      return emptyText;
    },
    [t],
  );
}
