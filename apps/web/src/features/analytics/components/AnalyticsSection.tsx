import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Box, Skeleton, Typography } from "@mui/material";
import type { AnalyticsRole } from "../api/analytics";
import { useAnalyticsT } from "../i18n";

/**
 * The charts are their own chunks (with the chart library), fetched only when the section comes
 * near the screen: a dashboard or list shows first and never waits for them.
 */
const charts = {
  seller: lazy(() => import("../charts/SellerAnalytics")),
  agent: lazy(() => import("../charts/AgentAnalytics")),
  admin: lazy(() => import("../charts/AdminAnalytics")),
};

/** True once the element has come within `margin` of the viewport (at once without support). */
function useHasBeenNear(ref: React.RefObject<HTMLElement | null>, margin = "300px") {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}

function ChartsPlaceholder() {
  const { t } = useAnalyticsT();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" },
      }}
      aria-busy="true"
      aria-label={t("section.loading")}
      role="status"
    >
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} variant="rounded" height={280} />
      ))}
    </Box>
  );
}

/** A dashboard's analytics: a heading, then the role's charts once the section is near. */
export function AnalyticsSection({ role }: { role: AnalyticsRole }) {
  const { t } = useAnalyticsT();
  const ref = useRef<HTMLElement>(null);
  const near = useHasBeenNear(ref);
  const Charts = charts[role];
  return (
    <Box component="section" ref={ref} aria-labelledby="analytics-heading" sx={{ minWidth: 0 }}>
      <Typography id="analytics-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t("section.title")}
      </Typography>
      {near ? (
        <Suspense fallback={<ChartsPlaceholder />}>
          <Charts />
        </Suspense>
      ) : (
        <ChartsPlaceholder />
      )}
    </Box>
  );
}
