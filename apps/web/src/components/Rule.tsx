import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";

/** A horizontal rule in the divider colour: what MUI's Divider draws, as a plain <hr>. */
export function Rule({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      component="hr"
      sx={[
        { m: 0, flexShrink: 0, border: 0, borderBottom: 1, borderColor: "divider" },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
