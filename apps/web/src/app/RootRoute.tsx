import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { PRODUCT_NAME } from "@fba/contract/constants";
import type { RouteHandle } from "./route-handle";

/** Sets the page title to '<route title> | <product name>'. */
export function RootRoute() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return <Outlet />;
}
