import { useEffect, useState, type RefObject } from "react";

/** True while at least a quarter of the element is on screen (always false without support). */
export function useIsOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [isOnScreen, setIsOnScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => setIsOnScreen(Boolean(entry?.isIntersecting)),
      { threshold: 0.25 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isOnScreen;
}

/** Whether the reader asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" &&
    Boolean(window.matchMedia("(prefers-reduced-motion: reduce)")?.matches)
  );
}
