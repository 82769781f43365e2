/** Scrolls to the five steps (smoothly unless reduced motion is asked for) and moves focus there. */
export function scrollToHowItWorks(event: Pick<Event, "preventDefault">) {
  const target = document.getElementById("how-it-works");
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
  history.replaceState(null, "", "#how-it-works");
}
