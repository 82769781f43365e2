import { afterAll, describe, expect, it } from "vitest";
import { changeLocale, i18n } from "../../../i18n/i18n";
import { useChatT } from "../i18n";
import { NO_ANSWER_NOTE } from "../api/use-chat-outbox";
import { changeLock, editRefusedNote } from "./message-lock";
import { translateChatNote, type ChatTranslate } from "./notes";

// The chat namespace registers its English catalog when its hook is made.
void useChatT;
const chatT: ChatTranslate = (key, options) => i18n.t(key, { ...options, ns: "chat" });
const parties = [{ id: 2, first_name: "磊", last_name: "张", image: null }] as never;

describe("the chat's notes", () => {
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("read the same through the English catalog as where they are written", async () => {
    await changeLocale("en");
    for (const text of [
      NO_ANSWER_NOTE,
      "Not sent: 1 message kept from before.",
      "Not sent: 3 messages kept from before.",
      `Not sent: ${NO_ANSWER_NOTE}. Use Retry to send it again or Delete to discard it.`,
      editRefusedNote("Already read"),
      "Read by 磊 张",
    ])
      expect(translateChatNote(text, chatT)).toBe(text);
  });

  it("are Chinese in Simplified Chinese, a server's reason inside translated too", async () => {
    await changeLocale("zh-CN");
    await i18n.loadNamespaces("chat");
    expect(
      translateChatNote(
        `Not sent: ${NO_ANSWER_NOTE}. Use Retry to send it again or Delete to discard it.`,
        chatT,
      ),
    ).toBe("未发送：服务器无响应。可点“重试”再次发送，或点“删除”放弃。");
    expect(translateChatNote("Not sent: 2 messages kept from before.", chatT)).toBe(
      "未发送：保留了之前的 2 条消息。",
    );
    const lock = changeLock({ sender: { id: 1 }, read_by: [1, 2] } as never, parties)!;
    expect(translateChatNote(editRefusedNote(lock), chatT)).toBe(
      "磊 张 已读，修改未保存。您的文字仍在输入框中：可作为新消息发送，或清空。",
    );
    expect(translateChatNote("Some reason", chatT, (text) => `«${text}»`)).toBe("«Some reason»");
  });
});
