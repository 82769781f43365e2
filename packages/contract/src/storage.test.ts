import { describe, expect, it } from "vitest";
import { formatBytes, storageMessages } from "./storage.js";

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe("storage figures", () => {
  it("reads bytes in binary units, one decimal under 10", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(KB)).toBe("1 KB");
    expect(formatBytes(1023.9 * KB)).toBe("1 MB");
    expect(formatBytes(80 * MB)).toBe("80 MB");
    expect(formatBytes(1.2 * GB)).toBe("1.2 GB");
    expect(formatBytes(2 * GB)).toBe("2 GB");
  });

  it("says which limit was reached and what is left", () => {
    expect(storageMessages.quotaReached(2 * GB - 80 * MB, 2 * GB)).toBe(
      "Storage quota reached: 1.9 GB of 2 GB used, 80 MB left",
    );
    expect(storageMessages.fileDoesNotFit(25 * MB, 2 * GB - 20 * MB, 2 * GB)).toBe(
      "Storage quota: this 25 MB file does not fit, 20 MB left (2 GB of 2 GB used)",
    );
    expect(storageMessages.uploadRateReached(60, 10, 420)).toBe(
      "Upload limit reached: 60 uploads per 10 minutes, none left for 7 min",
    );
    expect(storageMessages.usage(1.2 * GB, 2 * GB)).toBe("1.2 GB of 2 GB used");
    expect(storageMessages.usage(80 * MB, null)).toBe("80 MB used");
  });
});
