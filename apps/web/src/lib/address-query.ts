import { useCallback, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * The page address's query, and a change to it that starts from the latest address, written or
 * rendered. React Router renders a navigation as a transition: while one is pending (a list
 * still loading its next rows) the rendered query is the one before it, so two quick changes (a
 * status, then a day) would lose the first if the second started from what is on screen.
 */
export function useAddressQuery() {
  const [query, setQuery] = useSearchParams();
  // The last query written, and the rendered one it was written over: while that one is still
  // on screen, the write has not rendered yet and the next change starts from it.
  const written = useRef<{ over: string; query: URLSearchParams } | null>(null);
  const rendered = query.toString();
  const changeQuery = useCallback(
    (edit: (current: URLSearchParams) => URLSearchParams) => {
      const pending = written.current?.over === rendered ? written.current.query : null;
      const next = edit(new URLSearchParams(pending ?? rendered));
      written.current = { over: rendered, query: next };
      setQuery(next, { replace: true });
    },
    [setQuery, rendered],
  );
  return [query, changeQuery] as const;
}
