import { useDeferredValue, useEffect, useState, type ReactNode } from "react";
import {
  Box,
  Button,
  ButtonBase,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { styled, useTheme } from "@mui/material/styles";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import { OutlinedNativeSelect, SearchField } from "../OutlinedField";
import { PAGE_SIZES } from "@fba/contract/constants";
import { QueryProblem } from "../query-state/QueryState";
import { useQueryView, type QueryLike } from "../query-state/query-view";
import { useListsT } from "../../i18n/lists";

export interface DataTableColumn<Row> {
  /** Field name sent as `ordering` when sortable. */
  id: string;
  label: string;
  sortable?: boolean;
  render: (row: Row, index: number) => ReactNode;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /**
   * The read behind the rows: while it loads a spinner shows, and when it fails (or the browser
   * is offline) the table says so with a Retry instead of looking empty.
   */
  query?: QueryLike;
  /** What the rows are, for the failure text ("Could not load {what}"). */
  what?: string;
  loading?: boolean;
  /** Server-side paging state; omitted for unpaged tables. */
  page?: number;
  pages?: number;
  /**
   * The server stopped counting at its cap (pagination_option.count_is_capped): `pages` is a
   * floor, so the bar says "Page N of many" instead of a total it does not know.
   */
  countIsCapped?: boolean;
  /** Whether rows follow this page (pagination_option.has_more); without it, page < pages. */
  hasMore?: boolean;
  perPage?: number;
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  search?: string;
  onSearchChange?: (search: string) => void;
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  toolbar?: ReactNode;
  /** Makes a whole row (or card) open something; cells with their own buttons stop propagation. */
  onRowClick?: (row: Row) => void;
  /** Accessible name of the table (also the card list on phones). */
  ariaLabel?: string;
}

const SEARCH_DEBOUNCE_MS = 300;

/** Typing is debounced so a list is not fetched once per keystroke. */
function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  // A value changed from outside (e.g. reset) replaces what is being typed.
  const [syncedValue, setSyncedValue] = useState(value);
  if (value !== syncedValue) {
    setSyncedValue(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  return (
    <SearchField
      value={draft}
      onChange={(next) => setDraft(next.slice(0, 100))}
      sx={{ minWidth: { xs: "100%", sm: 240 } }}
    />
  );
}

/*
 * The desktop table: plain table elements drawn as MUI's small outlined table (a rounded border
 * round it, a rule under each row, hover on clickable rows), without MUI's eight table modules in
 * every list's first download.
 */
const TableFrame = styled("div")(({ theme }) => ({
  width: "100%",
  overflowX: "auto",
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 12,
  "& > table": {
    width: "100%",
    borderCollapse: "collapse",
    borderSpacing: 0,
    ...theme.typography.body2,
  },
  "& th, & td": {
    padding: "6px 16px",
    textAlign: "left",
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
  "& th": { fontWeight: 600, lineHeight: "1.5rem", whiteSpace: "nowrap" },
  // A table of many columns packs them closer, its headers wrapping, to fit a laptop screen.
  "& > table[data-dense] th, & > table[data-dense] td": { padding: "6px 8px" },
  "& > table[data-dense] th": { whiteSpace: "normal", lineHeight: "1.25rem" },
  "& tbody > tr:last-of-type > td": { borderBottom: 0 },
  "& tbody > tr[data-clickable]": { cursor: "pointer" },
  "& tbody > tr[data-clickable]:hover": { backgroundColor: theme.palette.action.hover },
}));

/** A sortable column's header button: an arrow shows the direction (faint on hover when unsorted). */
const SortButton = styled(ButtonBase)(({ theme }) => ({
  font: "inherit",
  color: "inherit",
  justifyContent: "flex-start",
  "& > svg": {
    fontSize: 18,
    margin: "0 4px",
    opacity: 0,
    transition: theme.transitions.create(["opacity", "transform"], {
      duration: theme.transitions.duration.shorter,
    }),
  },
  "&:hover, &:focus-visible": { color: theme.palette.text.secondary },
  "&:hover > svg, &:focus-visible > svg": { opacity: 0.5 },
  "&[data-active]": { color: theme.palette.text.primary },
  "&[data-active] > svg": { opacity: 1 },
  "&[data-direction=asc] > svg": { transform: "rotate(180deg)" },
}));

/** Stands in for `query` when a table has none. */
const NO_QUERY: QueryLike = {
  data: null,
  error: null,
  isError: false,
  fetchStatus: "idle",
  refetch: () => Promise.resolve(),
};

function nextOrdering(current: string | undefined, field: string): string {
  if (current === field) return `-${field}`;
  return field;
}

/** The one table every list uses: search, sort, paging, empty and loading states, cards on phones. */
export function DataTable<Row>({
  columns,
  rows: latestRows,
  rowKey,
  emptyText,
  query,
  what = "this list",
  loading: isLoadingProp = false,
  page,
  pages,
  countIsCapped = false,
  hasMore,
  perPage,
  onPageChange,
  onPerPageChange,
  search,
  onSearchChange,
  ordering,
  onOrderingChange,
  toolbar,
  onRowClick,
  ariaLabel,
}: DataTableProps<Row>) {
  const { t } = useListsT();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down("md"));
  const { view, problem } = useQueryView(query ?? NO_QUERY);
  // New rows render in the background, in slices the browser can interleave with input and
  // paint (a page of cards is hundreds of elements); until then the rows before stay.
  const rows = useDeferredValue(latestRows);
  const loading =
    isLoadingProp || view === "loading" || (rows.length === 0 && latestRows.length > 0);
  const failure = view === "offline" || view === "unreachable" || view === "error" ? view : null;
  // No paging bar while the first page loads (it would sit under the spinner, then jump down),
  // nor under a failure.
  const hasPaging =
    page !== undefined &&
    onPageChange !== undefined &&
    !((loading || failure) && rows.length === 0);
  const totalPages = Math.max(pages ?? 1, 1);
  const hasNext = hasMore ?? (page !== undefined && page < totalPages);
  const showToolbar = onSearchChange !== undefined || toolbar !== undefined;

  let emptyOrLoading: ReactNode = null;
  if (rows.length === 0 && failure && query) {
    emptyOrLoading = (
      <Box sx={{ py: 3 }}>
        <QueryProblem problem={failure} what={what} query={query} />
      </Box>
    );
  } else if (rows.length === 0) {
    emptyOrLoading = (
      <Box sx={{ py: 5, textAlign: "center" }} role="status">
        {loading ? (
          <CircularProgress size={28} aria-label={t("table.loading")} />
        ) : (
          <Typography color="text.secondary">{emptyText}</Typography>
        )}
      </Box>
    );
  }
  // Rows from an earlier answer stay; a failed refresh says so above them.
  const staleNotice =
    view === "ready" && problem && query ? (
      <Box sx={{ mb: 2 }}>
        <QueryProblem problem={problem} what={what} query={query} />
      </Box>
    ) : null;

  const sortLabel = (column: DataTableColumn<Row>) => {
    if (!column.sortable || !onOrderingChange) return column.label;
    const active = ordering === column.id || ordering === `-${column.id}`;
    return (
      <SortButton
        data-active={active || undefined}
        data-direction={ordering === `-${column.id}` ? "desc" : "asc"}
        onClick={() => onOrderingChange(nextOrdering(ordering, column.id))}
      >
        {column.label}
        <ArrowDownwardIcon aria-hidden />
      </SortButton>
    );
  };

  return (
    <Box>
      {showToolbar && (
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1.5}
          sx={{ mb: 2, alignItems: { xs: "stretch", sm: "center" } }}
        >
          {onSearchChange && <SearchBox value={search ?? ""} onChange={onSearchChange} />}
          <Box sx={{ flex: 1 }} />
          {toolbar}
        </Stack>
      )}
      {staleNotice}

      {isPhone ? (
        (emptyOrLoading ?? (
          <Stack component="ul" spacing={1.5} aria-label={ariaLabel} sx={{ m: 0, p: 0 }}>
            {rows.map((row, index) => (
              // Like a table row, the whole card opens the row for the mouse; keyboard users
              // reach the same place through the card's own links and buttons.
              <Card
                key={rowKey(row)}
                component="li"
                variant="outlined"
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                sx={
                  onRowClick
                    ? {
                        listStyle: "none",
                        cursor: "pointer",
                        "&:hover": { bgcolor: "action.hover" },
                      }
                    : { listStyle: "none" }
                }
              >
                <CardContent component="dl" sx={{ m: 0 }}>
                  {columns.map((column) => (
                    <Box
                      key={column.id}
                      sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.5 }}
                    >
                      <Typography
                        component="dt"
                        variant="body2"
                        color="text.secondary"
                        sx={{ flexShrink: 0 }}
                      >
                        {column.label}
                      </Typography>
                      <Box
                        component="dd"
                        sx={{ m: 0, textAlign: "right", minWidth: 0, overflowWrap: "anywhere" }}
                      >
                        {column.render(row, index)}
                      </Box>
                    </Box>
                  ))}
                </CardContent>
              </Card>
            ))}
          </Stack>
        ))
      ) : (
        <TableFrame>
          <table aria-label={ariaLabel} data-dense={columns.length > 8 ? "" : undefined}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={
                      ordering === column.id
                        ? "ascending"
                        : ordering === `-${column.id}`
                          ? "descending"
                          : undefined
                    }
                  >
                    {sortLabel(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {emptyOrLoading ? (
                <tr>
                  <td colSpan={columns.length}>{emptyOrLoading}</td>
                </tr>
              ) : (
                rows.map((row, index) => (
                  <tr
                    key={rowKey(row)}
                    data-clickable={onRowClick ? "" : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                  >
                    {columns.map((column) => (
                      <td key={column.id}>{column.render(row, index)}</td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableFrame>
      )}

      {hasPaging && (
        <Stack
          direction="row"
          sx={{
            mt: 2,
            alignItems: "center",
            justifyContent: { xs: "space-between", sm: "flex-end" },
            flexWrap: "wrap",
            gap: 1.5,
          }}
        >
          {onPerPageChange && (
            // A native select: the phone's own picker.
            <OutlinedNativeSelect
              label={t("table.perPage")}
              value={perPage ?? PAGE_SIZES[0]}
              onChange={(value) => onPerPageChange(Number(value))}
              sx={{ width: 100 }}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </OutlinedNativeSelect>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="body2" aria-live="polite" sx={{ whiteSpace: "nowrap" }}>
              {t("table.page", { page, total: countIsCapped ? t("table.many") : totalPages })}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              disabled={page <= 1 || loading}
              onClick={() => onPageChange(page - 1)}
            >
              {t("table.previous")}
            </Button>
            <Button
              variant="outlined"
              size="small"
              disabled={!hasNext || loading}
              onClick={() => onPageChange(page + 1)}
            >
              {t("table.next")}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
