import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { PRODUCT_NAME } from "@fba/contract";

/** Sets the page title to '<route title> | <product name>'. */
export function RootRoute() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
    { title: string } | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return <Outlet />;
}
