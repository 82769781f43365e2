import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { authStorage } from "../lib/auth-storage";

/** Private routes need a stored access token; without one the visitor goes home. */
export function RequireAuth({ children }: { children: ReactNode }) {
  if (!authStorage.getAccessToken()) return <Navigate to="/" replace />;
  return <>{children}</>;
}
