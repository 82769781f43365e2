import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { ChatAttachment } from "@fba/contract";
import { AttachmentView } from "./AttachmentView";

const attachment = (id: number, fileType: string): ChatAttachment => ({
  id,
  attachment: `https://freight.example/api/chat/attachment/${id}/download/?expires=1900000200&signature=Zx-9_q`,
  file_name: "label",
  file_type: fileType,
  file_size: "70 B",
});

describe("AttachmentView", () => {
  it("previews and links an image by its path and signed query", () => {
    render(<AttachmentView attachment={attachment(5, "png")} />);
    const relative = "/api/chat/attachment/5/download/?expires=1900000200&signature=Zx-9_q";
    expect(screen.getByRole("img", { name: "label.png" })).toHaveAttribute("src", relative);
    expect(screen.getByRole("link")).toHaveAttribute("href", relative);
  });

  it("links a document for download the same way", () => {
    render(<AttachmentView attachment={attachment(6, "pdf")} />);
    expect(screen.getByRole("link")).toHaveAttribute(
      "href",
      "/api/chat/attachment/6/download/?expires=1900000200&signature=Zx-9_q",
    );
  });
});
