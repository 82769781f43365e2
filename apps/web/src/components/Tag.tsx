import type { ReactNode } from "react";
import { alpha, styled, type SxProps, type Theme } from "@mui/material/styles";

export type TagColor =
  "default" | "primary" | "secondary" | "error" | "info" | "success" | "warning";

interface TagProps {
  label: ReactNode;
  color?: TagColor;
  variant?: "filled" | "outlined";
  title?: string;
  "aria-label"?: string;
  sx?: SxProps<Theme>;
}

const TagRoot = styled("span", {
  shouldForwardProp: (prop) => prop !== "tone" && prop !== "look" && prop !== "sx",
})<{ tone: TagColor; look: "filled" | "outlined" }>(({ theme, tone, look }) => {
  const palette = tone === "default" ? null : theme.palette[tone];
  const outlined = look === "outlined";
  return {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    boxSizing: "border-box",
    maxWidth: "100%",
    height: 24,
    padding: outlined ? "0 7px" : "0 8px",
    borderRadius: 16,
    verticalAlign: "middle",
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    lineHeight: 1.5,
    whiteSpace: "nowrap",
    color: palette ? (outlined ? palette.main : palette.contrastText) : theme.palette.text.primary,
    backgroundColor: outlined ? "transparent" : (palette?.main ?? theme.palette.action.selected),
    border: outlined
      ? `1px solid ${palette ? alpha(palette.main, 0.7) : theme.palette.grey[400]}`
      : 0,
    "& > span": { overflow: "hidden", textOverflow: "ellipsis" },
  };
});

/**
 * A small status label that looks as MUI's small Chip does, without the Chip's interactive parts
 * (click, delete, avatar) and their code: a list shows one or more on every row.
 */
export function Tag({ label, color = "default", variant = "filled", sx, ...rest }: TagProps) {
  return (
    <TagRoot tone={color} look={variant} sx={sx} {...rest}>
      <span>{label}</span>
    </TagRoot>
  );
}
