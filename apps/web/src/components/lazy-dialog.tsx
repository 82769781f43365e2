import { lazy, Suspense, useState, type ComponentType } from "react";

type LazyDialog<P> = ComponentType<P> & {
  /** Starts loading the dialog's code ahead of its opening (on hover or focus of what opens it). */
  preload: () => void;
};

/**
 * A dialog (or menu, or popover) whose code loads the first time it opens instead of with the
 * screen that offers it: its form (react-hook-form, zod and the contract's schemas) or MUI's modal
 * code then stays out of the screen's first download. `isOpen` reads the props that open it (an
 * `open` prop, or none when the screen renders the dialog only while it is open). Once opened it
 * stays mounted, so it closes with its transition; until its code has arrived nothing shows.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = () => true,
): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => (loading ??= load());
  const Dialog = lazy(async () => ({ default: await loadOnce() }));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [hasOpened, setHasOpened] = useState(open);
    if (open && !hasOpened) setHasOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  const preload = () => {
    loadOnce().catch(() => {
      // Not fatal: the opening tries again, and shows the failure.
      loading = undefined;
    });
  };
  return Object.assign(LazyDialog, { preload });
}

/** isOpen for dialogs with an `open` prop. */
export const byOpenProp = (props: { open: boolean }) => props.open;
