import { afterAll, describe, expect, it } from "vitest";
import { messages } from "@fba/contract";
import { changeLocale, i18n } from "./i18n";
import { translateToast } from "./toast-text";

describe("a toast's text in Simplified Chinese", () => {
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("stays as it is in English", async () => {
    await i18n.changeLanguage("en");
    expect(await translateToast(`Validation Error\n1. ${messages.emailRequired}`)).toBe(
      `Validation Error\n1. ${messages.emailRequired}`,
    );
  });

  it.each([
    ["Something went wrong", "操作失败"],
    [`Validation Error\n${messages.emailRequired}`, "校验错误\n请填写邮箱"],
    [
      `Validation Error\n1. ${messages.emailRequired}\n2. ${messages.passwordRequired}`,
      "校验错误\n1. 请填写邮箱\n2. 请填写密码",
    ],
    // Text a screen gave already translated, or that no catalog knows, is left alone.
    ["货件已创建", "货件已创建"],
    ["Bad Gateway", "Bad Gateway"],
  ])("%j shows as %j", async (english, chinese) => {
    await changeLocale("zh-CN");
    expect(await translateToast(english)).toBe(chinese);
  });
});
