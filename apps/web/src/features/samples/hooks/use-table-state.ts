import { useState } from "react";

export interface TableState {
  page: number;
  perPage: number;
  search: string;
  ordering: string;
}

/** Paging, search and sort state of one server-side table; changing a filter returns to page 1. */
export function useTableState(initialPerPage: number, initialOrdering = "-created_at") {
  const [state, setState] = useState<TableState>({
    page: 1,
    perPage: initialPerPage,
    search: "",
    ordering: initialOrdering,
  });
  return {
    ...state,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setPerPage: (perPage: number) => setState((s) => ({ ...s, perPage, page: 1 })),
    setSearch: (search: string) => setState((s) => ({ ...s, search, page: 1 })),
    setOrdering: (ordering: string) => setState((s) => ({ ...s, ordering, page: 1 })),
    /** The props DataTable takes for paging, search and sorting. */
    tableProps: {
      page: state.page,
      perPage: state.perPage,
      search: state.search,
      ordering: state.ordering,
      onPageChange: (page: number) => setState((s) => ({ ...s, page })),
      onPerPageChange: (perPage: number) => setState((s) => ({ ...s, perPage, page: 1 })),
      onSearchChange: (search: string) => setState((s) => ({ ...s, search, page: 1 })),
      onOrderingChange: (ordering: string) => setState((s) => ({ ...s, ordering, page: 1 })),
    },
  };
}
