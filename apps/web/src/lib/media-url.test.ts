import { describe, expect, it } from "vitest";
import { mediaUrl } from "./media-url";

describe("mediaUrl", () => {
  it("keeps the path and signed query of an attachment, whatever address the API named", () => {
    expect(
      mediaUrl(
        "http://127.0.0.1:3100/api/chat/attachment/7/download/?expires=1900000000&signature=a-b_c",
      ),
    ).toBe("/api/chat/attachment/7/download/?expires=1900000000&signature=a-b_c");
  });

  it("keeps the path and version of an avatar", () => {
    expect(mediaUrl("https://freight.example/api/users/12/avatar/?v=0123abcd")).toBe(
      "/api/users/12/avatar/?v=0123abcd",
    );
    expect(mediaUrl("/api/users/12/avatar/?v=0123abcd")).toBe("/api/users/12/avatar/?v=0123abcd");
  });

  it("leaves everything else alone", () => {
    expect(mediaUrl(null)).toBeUndefined();
    expect(mediaUrl("")).toBeUndefined();
    expect(mediaUrl("blob:http://localhost/5e1c")).toBe("blob:http://localhost/5e1c");
    expect(mediaUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(mediaUrl("https://cdn.example/pictures/me.png")).toBe(
      "https://cdn.example/pictures/me.png",
    );
    expect(mediaUrl("https://freight.example/api/shipments/1/")).toBe(
      "https://freight.example/api/shipments/1/",
    );
  });
});
