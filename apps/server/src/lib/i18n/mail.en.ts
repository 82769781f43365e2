import { PRODUCT_NAME } from "@fba/contract";
import { escapeHtml, type MailCatalog } from "./mail-catalog.js";

/** The emails in English: the texts every account without a language of its own receives. */
export const mailEn: MailCatalog = {
  resetCode: ({ firstName, code, expiryMinutes }) => {
    const subject = `Your ${PRODUCT_NAME} password reset code`;
    const text = [
      `Hello ${firstName},`,
      "",
      `Your password reset code is ${code}.`,
      `It expires in ${expiryMinutes} minutes and works once.`,
      "",
      "If you did not ask to reset your password, ignore this email: your password stays the same.",
      "",
      `${PRODUCT_NAME}`,
    ].join("\n");
    const html = [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>Your password reset code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong>.</p>`,
      `<p>It expires in ${expiryMinutes} minutes and works once.</p>`,
      "<p>If you did not ask to reset your password, ignore this email: your password stays the same.</p>",
      `<p>${escapeHtml(PRODUCT_NAME)}</p>`,
    ].join("\n");
    return { subject, text, html };
  },

  recoveryPaused: ({ firstName, maxFailures, pauseHours }) => ({
    subject: `${PRODUCT_NAME} password recovery paused`,
    lines: [
      `Hello ${firstName},`,
      "",
      `Someone entered ${maxFailures} wrong password reset codes for this email address today,`,
      `so password recovery for it is paused for ${pauseHours} hours.`,
      "",
      "Your password has not changed and you can still log in with it.",
      "If this was not you, nobody has reached your account; you need do nothing.",
      "",
      `${PRODUCT_NAME}`,
    ],
  }),

  notificationCopy: ({ subject, content, link }) => ({
    subject: `${PRODUCT_NAME}: ${subject}`,
    text: `${content}\n\nOpen ${PRODUCT_NAME}: ${link}\n\nYou can turn these emails off in your profile settings.`,
  }),
};
