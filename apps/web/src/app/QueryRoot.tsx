import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet, useNavigate } from "react-router";
import { useEffect } from "react";
import { setLoggedOutHandler } from "../lib/api-client";
import { queryClient } from "../lib/query-client";
import { notifySessionChanged } from "../lib/session";
import { loginPathFor, type SessionEndedState } from "./paths";

/**
 * Every screen but the landing page sits under this lazily loaded route, so the data layer is not
 * part of the landing page's first download.
 */
export default function QueryRoot() {
  const navigate = useNavigate();
  useEffect(() => {
    // A refresh that fails ends the session: forget cached data and go to the login screen, which
    // says so and returns to the page asked for once signed in again (without a reload).
    setLoggedOutHandler((from) => {
      queryClient.clear();
      const state: SessionEndedState = { sessionEnded: true, from };
      void navigate(loginPathFor(from), { replace: true, state });
      notifySessionChanged();
    });
  }, [navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
