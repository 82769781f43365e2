/** Screens whose chunk failed to download, each with how to make it download again. */
const failed = new Set<() => void>();

/** A screen's chunk failed: `reset` gives it a fresh lazy component for the next render. */
export function whenPageFails(reset: () => void): void {
  failed.add(reset);
}

/** Before rendering again after a failed download: every failed screen imports its chunk anew. */
export function retryFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}
