import { styled } from "@mui/material/styles";

/**
 * A scrolling frame for a plain `<table>`, drawn as MUI's small table in its container
 * (`<TableContainer><Table size="small">`): the same cells, rules and type, without MUI's eight
 * table modules in the shipment page's first download. Header cells are `th scope="col"`; a cell
 * with `data-align="right"` is right-aligned, as a number column is.
 */
export const SmallTable = styled("div")(({ theme }) => ({
  width: "100%",
  overflowX: "auto",
  "& > table": {
    display: "table",
    width: "100%",
    borderCollapse: "collapse",
    borderSpacing: 0,
  },
  "& tr": { color: "inherit", verticalAlign: "middle", outline: 0 },
  "& th, & td": {
    ...theme.typography.body2,
    verticalAlign: "inherit",
    // MUI's rule under each cell: the divider without alpha, lightened.
    borderBottom: `1px solid ${theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)}`,
    textAlign: "left",
    padding: "6px 16px",
    color: theme.palette.text.primary,
  },
  "& th": {
    lineHeight: theme.typography.pxToRem(24),
    fontWeight: theme.typography.fontWeightMedium,
  },
  "& [data-align=right]": { textAlign: "right" },
}));
