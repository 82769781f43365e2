import type { ReactNode } from "react";
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";

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
  loading?: boolean;
  /** Server-side paging state; omitted for unpaged tables. */
  page?: number;
  pages?: number;
  perPage?: number;
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  search?: string;
  onSearchChange?: (search: string) => void;
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  toolbar?: ReactNode;
}

/** The one table every list uses. (Paging, search, sorting and mobile cards are added by the lists feature.) */
export function DataTable<Row>({ columns, rows, rowKey, emptyText }: DataTableProps<Row>) {
  return (
    <TableContainer component={Paper}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id}>{c.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography color="text.secondary">{emptyText}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow key={rowKey(row)}>
                {columns.map((c) => (
                  <TableCell key={c.id}>{c.render(row, index)}</TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
