import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads the first time it opens instead of with the screen that offers it:
 * its form (react-hook-form, zod and the contract's schemas) then stays out of the screen's first
 * download. `isOpen` reads the props that open it (an `open` prop, or none when the screen
 * renders the dialog only while it is open). Once opened it stays mounted, so it closes with its
 * transition; until its code has arrived nothing shows.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = () => true,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
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
  return LazyDialog;
}

/** isOpen for dialogs with an `open` prop. */
export const byOpenProp = (props: { open: boolean }) => props.open;
