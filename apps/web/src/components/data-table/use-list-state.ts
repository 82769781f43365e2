import { useCallback, useMemo, useState } from "react";
import type { PaginationOption } from "@fba/contract";
import { DEFAULT_PAGE_SIZE } from "@fba/contract/constants";

/** The shipping agent's list tables show 10 rows a page, with no per-page choice. */
export const SHIPPER_PAGE_SIZE = 10;

/** The query every paged list sends (empty values are dropped by the api client). */
export interface ListParams {
  page: number;
  per_page: number;
  search?: string;
  ordering?: string;
  shipment_ready_date?: string;
}

/** Paging, search, sorting and date-filter state of one list; any filter change goes back to page 1. */
export function useListState(initial: Partial<ListParams> = {}) {
  const [params, setParams] = useState<ListParams>({
    page: 1,
    per_page: DEFAULT_PAGE_SIZE,
    ...initial,
  });
  const setPage = useCallback((page: number) => setParams((p) => ({ ...p, page })), []);
  const setPerPage = useCallback(
    (per_page: number) => setParams((p) => ({ ...p, per_page, page: 1 })),
    [],
  );
  const setSearch = useCallback(
    (search: string) => setParams((p) => ({ ...p, search, page: 1 })),
    [],
  );
  const setOrdering = useCallback(
    (ordering: string) => setParams((p) => ({ ...p, ordering, page: 1 })),
    [],
  );
  const setDate = useCallback(
    (shipment_ready_date: string | undefined) =>
      setParams((p) => ({ ...p, shipment_ready_date, page: 1 })),
    [],
  );
  /** Spread onto <DataTable/>. */
  const tableProps = useMemo(
    () => ({
      page: params.page,
      perPage: params.per_page,
      search: params.search,
      ordering: params.ordering,
      onPageChange: setPage,
      onPerPageChange: setPerPage,
      onSearchChange: setSearch,
      onOrderingChange: setOrdering,
    }),
    [params, setPage, setPerPage, setSearch, setOrdering],
  );
  return { params, setPage, setPerPage, setSearch, setOrdering, setDate, tableProps };
}

/** A shipping agent's list: 10 rows a page and no Per Page selector. */
export function useShipperListState(initial: Partial<Omit<ListParams, "per_page">> = {}) {
  const state = useListState({ ...initial, per_page: SHIPPER_PAGE_SIZE });
  const { onPerPageChange: _fixedPageSize, ...tableProps } = state.tableProps;
  return { ...state, tableProps };
}

/** A list answer's paging, spread onto <DataTable/> (pages, and whether the count was capped). */
export function pagingOf(option: PaginationOption | undefined) {
  return {
    pages: option?.pages,
    countIsCapped: option?.count_is_capped,
    hasMore: option?.has_more,
  };
}
