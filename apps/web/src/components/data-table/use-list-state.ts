import { useCallback, useMemo, useState } from "react";
import { useLocation } from "react-router";
import type { PaginationOption } from "@fba/contract";
import { DEFAULT_PAGE_SIZE } from "@fba/contract/constants";
import { useAddressQuery } from "../../lib/address-query";

/** The shipping agent's list tables show 10 rows a page, with no per-page choice. */
export const SHIPPER_PAGE_SIZE = 10;

/** The query every paged list sends (empty values are dropped by the api client). */
export interface ListParams {
  page: number;
  per_page: number;
  search?: string;
  ordering?: string;
  shipment_ready_date?: string;
  /** A list's status filter (the seller's active list, the admin's lists). */
  status?: string;
  /** Extra row fields a list sends on request (the seller's active list: destinations). */
  with?: string;
}

/** The list state's names in the page address (?search=…&status=…&page=2). */
const URL_KEYS = {
  page: "page",
  per_page: "per_page",
  search: "search",
  ordering: "ordering",
  shipment_ready_date: "date",
  status: "status",
} as const;
type UrlKey = keyof typeof URL_KEYS;

/** A list's state read from its page address; what the address lacks comes from `initial`. */
export function listParamsFromUrl(url: URLSearchParams, initial: Partial<ListParams>): ListParams {
  const read = (key: UrlKey) => url.get(URL_KEYS[key])?.trim() || undefined;
  const page = Number(read("page"));
  const perPage = Number(read("per_page"));
  const date = read("shipment_ready_date");
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    per_page:
      initial.per_page ?? (Number.isInteger(perPage) && perPage > 0 ? perPage : DEFAULT_PAGE_SIZE),
    search: read("search")?.slice(0, 100) ?? initial.search,
    ordering: read("ordering") ?? initial.ordering,
    shipment_ready_date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    status: read("status") ?? initial.status,
    // Last, as the router's early reads build the same address (prefetched first pages).
    ...(initial.with ? { with: initial.with } : {}),
  };
}

/**
 * The page address after a list change: each given key is set (or dropped when empty), other
 * parameters stay, and any change but the page itself goes back to page 1.
 */
export function urlWithListChange(
  url: URLSearchParams,
  change: Partial<Record<UrlKey, string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const [key, value] of Object.entries(change) as Array<[UrlKey, unknown]>) {
    const name = URL_KEYS[key];
    if (value === undefined || value === "" || (key === "page" && value === 1)) next.delete(name);
    else next.set(name, String(value));
  }
  if (!("page" in change)) next.delete(URL_KEYS.page);
  return next;
}

/**
 * A list whose paging, search, sorting and filters live in the page address, so a reload or a
 * shared link shows the same rows. `initial` gives the defaults (and a fixed page size).
 */
export function useUrlListState(initial: Partial<ListParams> = {}) {
  const [url, changeUrl] = useAddressQuery();
  const initialKey = JSON.stringify(initial);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- initial is compared by value
  const params = useMemo(() => listParamsFromUrl(url, initial), [url, initialKey]);
  const { pathname } = useLocation();
  const change = useCallback(
    (next: Parameters<typeof urlWithListChange>[1]) => {
      // A late change (a search typed just before a row was clicked) must not pull the user back
      // from the page they went to while it loads: the list stays on screen until it is ready.
      if (window.location.pathname !== pathname) return;
      changeUrl((current) => urlWithListChange(current, next));
    },
    [changeUrl, pathname],
  );
  const setPage = useCallback((page: number) => change({ page }), [change]);
  const setPerPage = useCallback((per_page: number) => change({ per_page }), [change]);
  const setSearch = useCallback((search: string) => change({ search }), [change]);
  const setOrdering = useCallback((ordering: string) => change({ ordering }), [change]);
  const setDate = useCallback(
    (shipment_ready_date: string | undefined) => change({ shipment_ready_date }),
    [change],
  );
  const setStatus = useCallback((status: string | undefined) => change({ status }), [change]);
  const tableProps = useMemo(
    () => ({
      page: params.page,
      perPage: params.per_page,
      search: params.search,
      ordering: params.ordering,
      onPageChange: setPage,
      onPerPageChange: initial.per_page === undefined ? setPerPage : undefined,
      onSearchChange: setSearch,
      onOrderingChange: setOrdering,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initial is compared by value
    [params, setPage, setPerPage, setSearch, setOrdering, initialKey],
  );
  return { params, setPage, setPerPage, setSearch, setOrdering, setDate, setStatus, tableProps };
}

/**
 * What an empty list says: the list's own text (the spec's) when nothing narrows it, and that
 * nothing matches when a search or filter does.
 */
export function listEmptyText(
  emptyText: string,
  params: Pick<ListParams, "search" | "status" | "shipment_ready_date">,
  what = "shipments",
): string {
  const search = params.search?.trim();
  if (search) return `No ${what} match “${search}”`;
  if (params.status || params.shipment_ready_date) return `No ${what} match these filters`;
  return emptyText;
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
