import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { endedSessionFrom } from "../lib/api-client";
import { authStorage } from "../lib/auth-storage";
import { useCurrentUser } from "../lib/session";
import { areaOfPath, homePathFor, loginPathFor, type SessionEndedState } from "./paths";

/**
 * Private routes need a stored access token; without one the visitor goes home, or, when their
 * session just ended in this tab, to the login screen that says so and returns them to the page
 * (QueryRoot's logged-out handler goes there too). A signed-in user opening another role's area
 * is sent to their own home (the server refuses the data anyway).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  if (!authStorage.getAccessToken()) {
    const from = endedSessionFrom();
    if (from === null) return <Navigate to="/" replace />;
    const state: SessionEndedState = { sessionEnded: true, from };
    return <Navigate to={loginPathFor(from)} replace state={state} />;
  }
  const area = areaOfPath(pathname);
  if (user && area && area !== user.groups) {
    return <Navigate to={homePathFor(user.groups)} replace />;
  }
  return <>{children}</>;
}
