import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "../../../app/theme";
import { message } from "../../../test/chat-fixtures";
import { canSubmit, Composer, type ComposerMode } from "./Composer";

function renderComposer(
  mode: ComposerMode = { kind: "normal" },
  connected = true,
  sendsOffline = false,
) {
  const onSubmit = vi.fn().mockResolvedValue(true);
  const onCancelMode = vi.fn();
  const view = render(
    <ThemeProvider theme={theme}>
      <Composer
        mode={mode}
        onCancelMode={onCancelMode}
        onSubmit={onSubmit}
        connected={connected}
        sendsOffline={sendsOffline}
      />
    </ThemeProvider>,
  );
  return { onSubmit, onCancelMode, view };
}

const send = () => screen.getByRole("button", { name: "Send" });

describe("canSubmit", () => {
  it("needs text or an attachment, and text when editing", () => {
    expect(canSubmit("   ", false, { kind: "normal" })).toBe(false);
    expect(canSubmit("", true, { kind: "normal" })).toBe(true);
    expect(canSubmit("hi", false, { kind: "normal" })).toBe(true);
    expect(canSubmit(" ", true, { kind: "editing", message: message() })).toBe(false);
  });
});

describe("Composer", { timeout: 60_000 }, () => {
  it("keeps Send disabled while the text is blank and there is no attachment", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderComposer();
    expect(send()).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "   ");
    expect(send()).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Pickup at 9");
    expect(send()).toBeEnabled();
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith({
      text: "Pickup at 9",
      file: null,
      mode: { kind: "normal" },
    });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  it("enables Send for an attachment alone and shows its size and short name", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderComposer();
    const file = new File([new Uint8Array(2048)], "commercial-invoice-october.pdf", {
      type: "application/pdf",
    });
    await user.upload(screen.getByTestId("chat-file-input"), file);
    expect(screen.getByText("commercial-invo\u2026.pdf · 2.0 KB")).toBeInTheDocument();
    expect(send()).toBeEnabled();
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith({ text: "", file, mode: { kind: "normal" } });
  });

  it("sends with Enter and keeps Shift+Enter for a new line", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderComposer();
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, "line one{Shift>}{Enter}{/Shift}line two");
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(box, "{Enter}");
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ text: "line one\nline two" }));
  });

  it("loads the message in editing mode and cancels back to normal", async () => {
    const user = userEvent.setup({ delay: null });
    const original = message({ content: "Ready on Monday" });
    const { onCancelMode } = renderComposer({ kind: "editing", message: original });
    expect(screen.getByText("Editing message")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Ready on Monday");
    expect(screen.getByRole("button", { name: "Attach a file" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancelMode).toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  it("shows whom a reply goes to", () => {
    renderComposer({ kind: "replying", message: message({ content: "Which port?" }) });
    expect(screen.getByText("Replying to Sally Seller")).toBeInTheDocument();
    expect(screen.getByText("Which port?")).toBeInTheDocument();
  });

  it("does not send while disconnected", async () => {
    const user = userEvent.setup({ delay: null });
    renderComposer({ kind: "normal" }, false);
    await user.type(screen.getByRole("textbox", { name: "Message" }), "hello");
    expect(send()).toBeDisabled();
  });

  it("sends a new message while disconnected when it can keep it, but never an edit", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit, view } = renderComposer({ kind: "normal" }, false, true);
    const box = screen.getByRole("textbox", { name: "Message" });
    expect(box).toHaveAttribute("placeholder", "Reconnecting…");
    await user.type(box, "hello");
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith({ text: "hello", file: null, mode: { kind: "normal" } });
    view.unmount();
    renderComposer({ kind: "editing", message: message({ content: "Ready" }) }, false, true);
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Ready");
    expect(send()).toBeDisabled();
  });
});
