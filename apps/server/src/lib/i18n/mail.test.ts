import { describe, expect, it } from "vitest";
import { mailTexts, recoveryPausedMail } from "./mail.js";

/**
 * The English emails exactly as accounts without a language (and the existing client's users)
 * have always received them: subject, text and HTML, byte for byte.
 */
describe("English emails", () => {
  it("reset code", () => {
    expect(
      mailTexts("en").resetCode({ firstName: "Ann", code: "0421", expiryMinutes: 10 }),
    ).toEqual({
      subject: "Your FBA Freight password reset code",
      text: "Hello Ann,\n\nYour password reset code is 0421.\nIt expires in 10 minutes and works once.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same.\n\nFBA Freight",
      html: '<p>Hello Ann,</p>\n<p>Your password reset code is <strong style="font-size:20px;letter-spacing:4px">0421</strong>.</p>\n<p>It expires in 10 minutes and works once.</p>\n<p>If you did not ask to reset your password, ignore this email: your password stays the same.</p>\n<p>FBA Freight</p>',
    });
  });

  it("recovery paused", () => {
    expect(
      recoveryPausedMail("en", { firstName: "Ann <&>", maxFailures: 10, pauseHours: 24 }),
    ).toEqual({
      subject: "FBA Freight password recovery paused",
      text: "Hello Ann <&>,\n\nSomeone entered 10 wrong password reset codes for this email address today,\nso password recovery for it is paused for 24 hours.\n\nYour password has not changed and you can still log in with it.\nIf this was not you, nobody has reached your account; you need do nothing.\n\nFBA Freight",
      html: "<p>Hello Ann &#60;&#38;&#62;,</p>\n<p>Someone entered 10 wrong password reset codes for this email address today,</p>\n<p>so password recovery for it is paused for 24 hours.</p>\n<p>Your password has not changed and you can still log in with it.</p>\n<p>If this was not you, nobody has reached your account; you need do nothing.</p>\n<p>FBA Freight</p>",
    });
  });

  it("notification copy", () => {
    expect(
      mailTexts("en").notificationCopy({
        subject: "Bidding closed for shipment #7",
        content: "Your quotation for shipment #7 (Mugs) won the bidding",
        link: "https://fba.test/shipments/7",
      }),
    ).toEqual({
      subject: "FBA Freight: Bidding closed for shipment #7",
      text: "Your quotation for shipment #7 (Mugs) won the bidding\n\nOpen FBA Freight: https://fba.test/shipments/7\n\nYou can turn these emails off in your profile settings.",
    });
  });
});

describe("Chinese emails", () => {
  it("say the same in Chinese, code and link included", () => {
    const code = mailTexts("zh-CN").resetCode({ firstName: "伟", code: "0421", expiryMinutes: 10 });
    expect(code.subject).toBe("您的 FBA Freight 密码重置验证码");
    expect(code.text).toContain("您的密码重置验证码是 0421。");
    expect(code.html).toContain(">0421</strong>");
    const paused = recoveryPausedMail("zh-CN", {
      firstName: "伟",
      maxFailures: 10,
      pauseHours: 24,
    });
    expect(paused.subject).toBe("FBA Freight 密码找回已暂停");
    expect(paused.text).toContain("暂停 24 小时");
    const copy = mailTexts("zh-CN").notificationCopy({
      subject: "货件 #7 竞价已截止",
      content: "内容",
      link: "https://fba.test/shipments/7",
    });
    expect(copy.subject).toBe("FBA Freight：货件 #7 竞价已截止");
    expect(copy.text).toContain("打开 FBA Freight：https://fba.test/shipments/7");
  });
});
