import Box from "@mui/material/Box";
import StarIcon from "@mui/icons-material/Star";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A rating out of five as stars, read only: amber up to the value (rounded to `precision`, a star
 * filled in part for a half), grey after it, one image named by `label` for assistive technology.
 * What MUI's read-only Rating draws, without the input code of its editable form (3 KB gzip on
 * the pages that only show ratings).
 */
export function Stars({
  value,
  label,
  precision = 1,
  size = "medium",
}: {
  /** No value draws five grey stars. */
  value: number | null;
  label: string;
  precision?: 0.5 | 1;
  size?: "small" | "medium";
}) {
  const shown = Math.round((value ?? 0) / precision) * precision;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: "inline-flex",
        fontSize: size === "small" ? "1.125rem" : "1.5rem",
        color: "#faaf00",
      }}
    >
      {STARS.map((star) => {
        const filled = Math.min(1, Math.max(0, shown - (star - 1)));
        return (
          <Box component="span" key={star} sx={{ position: "relative", display: "inline-flex" }}>
            <StarIcon fontSize="inherit" sx={{ color: "action.disabled" }} />
            {filled > 0 && (
              <Box
                component="span"
                data-filled={filled}
                sx={{
                  position: "absolute",
                  inset: 0,
                  width: `${filled * 100}%`,
                  overflow: "hidden",
                  display: "inline-flex",
                }}
              >
                <StarIcon fontSize="inherit" />
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
