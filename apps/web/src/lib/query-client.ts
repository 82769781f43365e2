import { QueryClient } from "@tanstack/react-query";

// The spec's cache policy: entries kept 7 minutes, one retry, no refetch on window focus.
// Lists refetch on mount so a user coming back to a screen sees fresh rows.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, gcTime: 420_000, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});
