import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { isChunkLoadError, reloadIfNewRelease } from "../lib/release";
import { retryFailedPages } from "./page-retry";
import { RouteFallback } from "./RouteFallback";
import { failureText } from "./failure-texts";

interface BoundaryProps {
  children: ReactNode;
  /** The page's address: going elsewhere clears the error. */
  pathname: string;
}

interface BoundaryState {
  error: unknown;
  pathname: string;
  /** A new release is being loaded: the page reloads. */
  reloading: boolean;
}

/**
 * What a screen shows when it cannot render: most often its code could not be downloaded (the
 * server unreachable, or a release replaced the files). It says so inside the app's layout, with
 * Retry, which downloads the screen's code again. When the server runs a newer release than this
 * tab, the page reloads once on its own instead (src/lib/release.ts).
 */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.pathname === state.pathname) return null;
    if (state.error !== null) retryFailedPages();
    return { pathname: props.pathname, error: null };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (!isChunkLoadError(error)) return;
    void reloadIfNewRelease().then((reloading) => {
      if (reloading) this.setState({ reloading: true });
    });
  }

  private retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render() {
    const { error, reloading } = this.state;
    if (error === null) return this.props.children;
    if (reloading) return <RouteFallback />;
    const chunk = isChunkLoadError(error);
    return (
      <Box
        role="alert"
        sx={{
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          textAlign: "center",
          gap: 1.5,
          px: 2,
          py: 6,
        }}
      >
        <Typography component="h1" variant="h6">
          {failureText(chunk ? "chunkTitle" : "errorTitle")}
        </Typography>
        <Typography sx={{ color: "text.secondary", maxWidth: 420 }}>
          {failureText(chunk ? "chunkDetail" : "errorDetail")}
        </Typography>
        <Button variant="contained" onClick={this.retry}>
          {failureText("retry")}
        </Button>
      </Box>
    );
  }
}

/** Catches what a route's screen throws while rendering, its code's download included. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
