import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { authStorage } from "../lib/auth-storage";
import { useCurrentUser } from "../lib/session";
import { areaOfPath, homePathFor } from "./paths";

/**
 * Private routes need a stored access token; without one the visitor goes home. A signed-in user
 * opening another role's area is sent to their own home (the server refuses the data anyway).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  if (!authStorage.getAccessToken()) return <Navigate to="/" replace />;
  const area = areaOfPath(pathname);
  if (user && area && area !== user.groups) {
    return <Navigate to={homePathFor(user.groups)} replace />;
  }
  return <>{children}</>;
}
