import PDFDocument from "pdfkit";
import { PRODUCT_NAME } from "@fba/contract";

/**
 * A small writer over pdfkit for the order's PDFs: a header with the product's name, sections of
 * label/value lines and tables. Text is real text in Helvetica (searchable and copyable, no font
 * file to ship); characters Helvetica cannot encode are spelled without their accents, or as "?".
 */

const MARGIN = 50;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

/** Windows-1252 beyond Latin-1: what the standard PDF fonts can show besides ISO 8859-1. */
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const encodable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char);
};

/** Text as the standard fonts can show it: accents dropped where needed, the rest as "?". */
export function printable(text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    if (char === "\n" || encodable(char)) {
      out += char;
      continue;
    }
    if (/\s/u.test(char)) {
      out += " ";
      continue;
    }
    const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += [...plain].every(encodable) && plain !== "" ? plain : "?";
  }
  return out;
}

export class OrderPdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;

  constructor(title: string, subject: string) {
    this.doc = new PDFDocument({
      size: "LETTER",
      margin: MARGIN,
      info: {
        Title: printable(`${PRODUCT_NAME} ${title}`),
        Author: PRODUCT_NAME,
        Subject: subject,
      },
    });
    const chunks: Buffer[] = [];
    this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
    this.doc.font("Helvetica-Bold").fontSize(20).fillColor(INK).text(PRODUCT_NAME);
    this.doc.font("Helvetica").fontSize(14).text(printable(title));
    this.doc.fontSize(10).fillColor(MUTED).text(printable(subject)).moveDown(0.5);
    this.rule();
  }

  private rule(): void {
    const y = this.doc.y;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(this.doc.page.width - MARGIN, y)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke()
      .moveDown(0.5);
  }

  section(title: string): this {
    this.doc.moveDown(0.6);
    this.doc.x = MARGIN;
    this.doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(printable(title));
    this.doc.moveDown(0.2);
    return this;
  }

  /** "Label: value" lines; absent values are left out. */
  lines(rows: Array<[string, string | null | undefined]>): this {
    for (const [label, value] of rows) {
      if (value === null || value === undefined || value === "") continue;
      this.doc.x = MARGIN;
      this.doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .fillColor(INK)
        .text(`${printable(label)}: `, {
          continued: true,
        });
      this.doc.font("Helvetica").text(printable(value));
    }
    return this;
  }

  paragraph(text: string, options: { muted?: boolean } = {}): this {
    this.doc.x = MARGIN;
    this.doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(options.muted ? MUTED : INK)
      .text(printable(text));
    return this;
  }

  table(header: string[], rows: string[][], widths?: Array<number | string>): this {
    this.doc.moveDown(0.3);
    this.doc.x = MARGIN;
    this.doc.font("Helvetica").fontSize(9).fillColor(INK);
    this.doc.table({
      columnStyles: widths,
      defaultStyle: { border: 0.5, borderColor: RULE, padding: [3, 4] },
      rowStyles: (row) => (row === 0 ? { backgroundColor: "#f3f4f6" } : undefined),
      data: [
        header.map((text) => ({
          text: printable(text),
          type: "TH" as const,
          font: { src: "Helvetica-Bold" },
        })),
        ...rows.map((row) => row.map(printable)),
      ],
    });
    this.doc.x = MARGIN;
    return this;
  }

  async finish(footer: string): Promise<Buffer> {
    this.doc.moveDown(1.5);
    this.rule();
    this.paragraph(footer, { muted: true });
    this.doc.end();
    return this.done;
  }
}
