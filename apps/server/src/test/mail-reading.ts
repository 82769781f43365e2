/**
 * The subject and text part of a message as the SMTP sink keeps it (MIME headers and parts; the
 * sink already joined quoted-printable soft breaks, which also eats the "=" of a folded word's
 * end, so an encoded word may end with "?" alone).
 */
export function readMail(raw: string): { subject: string; text: string } {
  const qp = (value: string) =>
    Buffer.from(
      value.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    );
  const decodeWords = (value: string) => {
    const words = [...value.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=?/gi)];
    if (words.length === 0) return value;
    return Buffer.concat(
      words.map(([, kind, body = ""]) =>
        kind!.toUpperCase() === "B" ? Buffer.from(body, "base64") : qp(body.replace(/_/g, " ")),
      ),
    ).toString("utf8");
  };
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/);
    const head = entity.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
    const body = entity.slice(at).replace(/^\r?\n\r?\n/, "");
    return { head, body };
  };
  const header = (head: string, name: string) =>
    new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const message = split(raw);
  let part = message;
  const boundary = /boundary="?([^";]+)"?/i.exec(header(message.head, "Content-Type"))?.[1];
  if (boundary) {
    const parts = message.body.split(`--${boundary}`).map((p) => p.replace(/^\r?\n/, ""));
    const plain = parts.find((p) => /^Content-Type: text\/plain/im.test(split(p).head));
    part = split(plain ?? "");
  }
  const encoding = header(part.head, "Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? qp(part.body).toString("utf8")
        : part.body;
  return {
    subject: decodeWords(header(message.head, "Subject")),
    text: text.replace(/\r\n/g, "\n").trimEnd(),
  };
}
