import { apiRequest, type Transport } from "./api-client";

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all (0 while unknown). */
  total: number;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Sends a request with XMLHttpRequest, which (unlike fetch) reports how much of the body went
 * out. It answers like fetch: a Response, a TypeError when the network fails, an AbortError when
 * the signal aborts it.
 */
export function xhrTransport(onProgress: (progress: UploadProgress) => void): Transport {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const aborted = () => new DOMException("The upload was cancelled", "AbortError");
      if (init.signal?.aborted) {
        reject(aborted());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.onload = () => {
        const contentType = xhr.getResponseHeader("content-type");
        resolve(
          new Response(NO_BODY.has(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: contentType ? { "content-type": contentType } : {},
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError("Network request failed"));
      xhr.onabort = () => reject(aborted());
      init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
      // The API client sends FormData or JSON text here, never a stream.
      xhr.send((init.body as XMLHttpRequestBodyInit | undefined) ?? null);
    });
}

/**
 * POSTs a multipart form to the API like every other call (bearer token, one refresh on 401,
 * the contract's error body as an ApiError), reporting the upload's progress; abort the signal
 * to cancel it.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  {
    onProgress,
    signal,
    method = "POST",
  }: {
    onProgress: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    method?: "POST" | "PATCH";
  },
): Promise<T> {
  return apiRequest<T>(path, {
    method,
    body: form,
    signal,
    transport: xhrTransport(onProgress),
  });
}
