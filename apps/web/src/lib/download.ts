import { api } from "./api-client";

/**
 * Downloads a file the API sends only to a signed-in caller: fetched with the bearer token (a
 * plain link cannot send it), then saved under `fileName` through a temporary object URL.
 */
export async function downloadFromApi(path: string, fileName: string): Promise<void> {
  const blob = await api.blob(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has handed the URL to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
