import { useId, useState, type ReactNode } from "react";
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useAnalyticsT } from "../i18n";

/** Hidden on screen, read by screen readers (the chart's text alternative while the chart shows). */
const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its text alternative: the same numbers as a table, read by screen readers while the
 * chart shows (the drawing itself is hidden from them) and shown on screen with "Show table".
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
  empty,
  wide = false,
}: {
  title: string;
  /** One sentence with the figure's headline number, shown above the chart. */
  summary?: ReactNode;
  table: ChartTable;
  /** The chart; hidden from assistive technology, which reads the table instead. */
  children: ReactNode;
  /** Shown instead of the chart and its table when there is nothing to draw. */
  empty?: string;
  /** Spans every column of the grid it is in. */
  wide?: boolean;
}) {
  const { t } = useAnalyticsT();
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        m: 0,
        p: { xs: 1.5, sm: 2 },
        minWidth: 0,
        position: "relative",
        gridColumn: wide ? "1 / -1" : undefined,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "center", justifyContent: "space-between", mb: 0.5 }}
      >
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {!empty && (
          <Button
            size="small"
            onClick={() => setShowTable((shown) => !shown)}
            aria-pressed={showTable}
            sx={{ flexShrink: 0 }}
          >
            {showTable ? t("figure.showChart") : t("figure.showTable")}
          </Button>
        )}
      </Stack>
      {summary && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {summary}
        </Typography>
      )}
      {empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          {empty}
        </Typography>
      ) : (
        <>
          {!showTable && (
            <Box aria-hidden="true" data-testid="chart" sx={{ width: "100%", minWidth: 0 }}>
              {children}
            </Box>
          )}
          <Box sx={showTable ? { overflowX: "auto" } : visuallyHidden}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {table.columns.map((column, index) => (
                    <TableCell key={column} align={index === 0 ? "left" : "right"}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={String(row[0])}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <TableCell key={index} component="th" scope="row">
                          {cell}
                        </TableCell>
                      ) : (
                        <TableCell key={index} align="right">
                          {cell}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Paper>
  );
}

/** A single figure (no chart): its label, value and what it means. */
export function StatFigure({
  label,
  value,
  detail,
  action,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Paper>
  );
}
