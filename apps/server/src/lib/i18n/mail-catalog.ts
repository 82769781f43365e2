/** An email as the outbox takes it, less its address. */
export interface MailText {
  subject: string;
  text: string;
  html?: string;
}

/** The emails the server sends, one catalog per language (mail.<locale>.ts). */
export interface MailCatalog {
  resetCode(params: { firstName: string; code: string; expiryMinutes: number }): MailText;
  /** Paragraph lines (blank lines between paragraphs): the text joins them, the HTML wraps them. */
  recoveryPaused(params: { firstName: string; maxFailures: number; pauseHours: number }): {
    subject: string;
    lines: string[];
  };
  /** The email copy of a notification: its text, then a link to the product. */
  notificationCopy(params: { subject: string; content: string; link: string }): MailText;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
