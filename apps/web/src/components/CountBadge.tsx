import type { ReactNode } from "react";
import { styled } from "@mui/material/styles";

const Root = styled("span")({ position: "relative", display: "inline-flex", flexShrink: 0 });

const Count = styled("span")(({ theme }) => ({
  position: "absolute",
  top: 0,
  right: 0,
  transform: "translate(50%, -50%)",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  boxSizing: "border-box",
  minWidth: 20,
  height: 20,
  padding: "0 6px",
  borderRadius: 10,
  backgroundColor: theme.palette.error.main,
  color: theme.palette.error.contrastText,
  fontFamily: theme.typography.fontFamily,
  fontSize: theme.typography.pxToRem(12),
  fontWeight: theme.typography.fontWeightMedium,
  lineHeight: 1,
  whiteSpace: "nowrap",
  zIndex: 1,
  pointerEvents: "none",
}));

/**
 * A count in a red bubble at the top right of what it wraps (hidden at 0, "99+" above 99), as
 * MUI's Badge shows one, without the Badge's code: a list row's unread messages.
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Root>
      {children}
      {count > 0 && <Count>{count > 99 ? "99+" : count}</Count>}
    </Root>
  );
}
