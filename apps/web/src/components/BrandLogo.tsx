import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { PRODUCT_NAME } from "@fba/contract/constants";

interface BrandLogoProps {
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  size?: "small" | "medium";
  /** Show only the mark on phones. */
  compact?: boolean;
}

/** The product mark (a carton on a wave) and name. Decorative: wrap it in a labelled link. */
export function BrandLogo({ inverted = false, size = "medium", compact = false }: BrandLogoProps) {
  const box = size === "small" ? 28 : 34;
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden="true"
        sx={{ width: box, height: box, flexShrink: 0 }}
      >
        <rect width="32" height="32" rx="8" fill={inverted ? "#ffffff" : "#0b3d91"} />
        <path
          d="M9 12.5 16 9l7 3.5v6.5L16 22.5 9 19z"
          fill="none"
          stroke={inverted ? "#0b3d91" : "#ffffff"}
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path
          d="M9 12.5 16 16l7-3.5M16 16v6.5"
          fill="none"
          stroke={inverted ? "#0b3d91" : "#ffffff"}
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path
          d="M6 25.5c2 0 2-1.2 4-1.2s2 1.2 4 1.2 2-1.2 4-1.2 2 1.2 4 1.2 2-1.2 4-1.2"
          fill="none"
          stroke="#ff8f00"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size === "small" ? "1.05rem" : "1.2rem",
          letterSpacing: "-0.01em",
          color: inverted ? "common.white" : "text.primary",
          whiteSpace: "nowrap",
          display: compact ? { xs: "none", sm: "inline" } : "inline",
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
