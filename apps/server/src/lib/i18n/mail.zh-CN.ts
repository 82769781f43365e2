import { PRODUCT_NAME } from "@fba/contract";
import { escapeHtml, type MailCatalog } from "./mail-catalog.js";

/** The emails in Simplified Chinese (words of the trade: docs/glossary.zh-CN.md). */
export const mailZhCN: MailCatalog = {
  resetCode: ({ firstName, code, expiryMinutes }) => {
    const subject = `您的 ${PRODUCT_NAME} 密码重置验证码`;
    const text = [
      `${firstName}，您好：`,
      "",
      `您的密码重置验证码是 ${code}。`,
      `验证码 ${expiryMinutes} 分钟内有效，仅可使用一次。`,
      "",
      "如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。",
      "",
      `${PRODUCT_NAME}`,
    ].join("\n");
    const html = [
      `<p>${escapeHtml(firstName)}，您好：</p>`,
      `<p>您的密码重置验证码是 <strong style="font-size:20px;letter-spacing:4px">${code}</strong>。</p>`,
      `<p>验证码 ${expiryMinutes} 分钟内有效，仅可使用一次。</p>`,
      "<p>如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。</p>",
      `<p>${escapeHtml(PRODUCT_NAME)}</p>`,
    ].join("\n");
    return { subject, text, html };
  },

  recoveryPaused: ({ firstName, maxFailures, pauseHours }) => ({
    subject: `${PRODUCT_NAME} 密码找回已暂停`,
    lines: [
      `${firstName}，您好：`,
      "",
      `今天有人为此邮箱地址输错了 ${maxFailures} 次密码重置验证码，`,
      `因此该邮箱的密码找回已暂停 ${pauseHours} 小时。`,
      "",
      "您的密码没有改变，仍可用它登录。",
      "如果这不是您本人操作：没有人进入您的账户，您无需做任何事。",
      "",
      `${PRODUCT_NAME}`,
    ],
  }),

  notificationCopy: ({ subject, content, link }) => ({
    subject: `${PRODUCT_NAME}：${subject}`,
    text: `${content}\n\n打开 ${PRODUCT_NAME}：${link}\n\n如不想再收到此类邮件，可在个人资料设置中关闭。`,
  }),
};
