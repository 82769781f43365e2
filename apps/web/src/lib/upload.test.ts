import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { ApiError, NETWORK_ERROR_MESSAGE, setLoggedOutHandler } from "./api-client";
import { FakeXhr } from "../test/fake-xhr";
import { uploadWithProgress, type UploadProgress } from "./upload";

const file = () => {
  const form = new FormData();
  form.append("type", "Commercial invoice");
  form.append("file", new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" }));
  return form;
};

/** Lets the helper get as far as sending (the token read and the XHR setup are async). */
const sent = async (count = 1) => {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  return FakeXhr.sent[count - 1]!;
};

const loggedOut = vi.fn();

beforeEach(() => {
  FakeXhr.sent = [];
  loggedOut.mockReset();
  setLoggedOutHandler(loggedOut);
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  localStorage.setItem(STORAGE_KEYS.accessToken, "access-1");
  localStorage.setItem(STORAGE_KEYS.refreshToken, "refresh-1");
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("uploadWithProgress", () => {
  it("posts the form with the bearer token, reports progress and answers the envelope", async () => {
    const progress: UploadProgress[] = [];
    const form = file();
    const answer = uploadWithProgress<{ data: { id: number } }>("shipments/7/documents/", form, {
      onProgress: (p) => progress.push(p),
    });
    const xhr = await sent();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/shipments/7/documents/");
    expect(xhr.headers.authorization).toBe("Bearer access-1");
    // The browser sets the multipart boundary itself: no content type of ours.
    expect(xhr.headers["content-type"]).toBeUndefined();
    expect(xhr.body).toBe(form);

    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(201, {
      status: "success",
      status_code: 201,
      message: "Document uploaded",
      data: { id: 3 },
    });
    expect((await answer).data.id).toBe(3);
    expect(progress).toEqual([
      { loaded: 250, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]);
  });

  it("cancels: aborting the signal aborts the request and rejects with an AbortError", async () => {
    const controller = new AbortController();
    const answer = uploadWithProgress("shipments/7/documents/", file(), {
      onProgress: () => {},
      signal: controller.signal,
    });
    const xhr = await sent();
    xhr.progress(100, 1000);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: "AbortError" });
    expect(xhr.aborted).toBe(true);
  });

  it("does not start when the signal was already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadWithProgress("shipments/7/documents/", file(), {
        onProgress: () => {},
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("turns a refusal into an ApiError carrying the field and its reason", async () => {
    const answer = uploadWithProgress("shipments/7/documents/", file(), { onProgress: () => {} });
    (await sent()).respond(413, {
      status: "error",
      status_code: 413,
      message: "A document can be at most 25 MB",
      errors: [{ field: "file", message: "A document can be at most 25 MB" }],
    });
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      errors: [{ field: "file", message: "A document can be at most 25 MB" }],
    });
  });

  it("says the server cannot be reached when the network fails", async () => {
    const answer = uploadWithProgress("shipments/7/documents/", file(), { onProgress: () => {} });
    (await sent()).onerror?.();
    await expect(answer).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it("refreshes an expired token once and sends the upload again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          status: "success",
          status_code: 200,
          message: "OK",
          data: { access_token: "access-2", refresh_token: "refresh-2" },
        }),
      ),
    );
    const answer = uploadWithProgress<{ data: string }>("shipments/7/documents/", file(), {
      onProgress: () => {},
    });
    (await sent(1)).respond(401, {
      status: "error",
      status_code: 401,
      message: "Expired",
      errors: [],
    });
    const retry = await sent(2);
    expect(retry.headers.authorization).toBe("Bearer access-2");
    retry.respond(201, { status: "success", status_code: 201, message: "OK", data: "stored" });
    expect((await answer).data).toBe("stored");
    expect(loggedOut).not.toHaveBeenCalled();
  });
});
