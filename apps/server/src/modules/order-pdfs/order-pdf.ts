import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { PRODUCT_NAME } from "@fba/contract";

/**
 * A small writer over pdfkit for the order's PDFs: a header with the product's name, sections of
 * label/value lines and tables. Text is real text (searchable and copyable) in Noto Sans SC, which
 * covers Latin, Greek, Cyrillic and Chinese, so Chinese names and addresses print as written;
 * pdfkit embeds only the glyphs a document uses. A character the font lacks prints as "?".
 */

const MARGIN = 50;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

const REGULAR = "Noto Sans SC";
const BOLD = "Noto Sans SC Bold";

interface Fonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let fonts: Fonts | undefined;

/**
 * The fonts, parsed once on the first PDF and shared by every document after it (about 1.5 s and
 * 20 MB once; parsing the 10 MB files per document took about a second per PDF).
 */
function loadFonts(): Fonts {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const parse = (weight: string) => {
    const file = `@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`;
    const font = fontkit.create(readFileSync(require.resolve(file)));
    if (!("layout" in font)) throw new Error(`${file} is a font collection, not one font`);
    return font;
  };
  fonts = { regular: parse("400Regular"), bold: parse("700Bold") };
  return fonts;
}

/**
 * Text as the font can show it: line breaks kept, other spacing as spaces, a letter the font lacks
 * without its accents where that leaves letters it has ("ź" as "z"), anything else as "?".
 */
export function printable(text: string): string {
  const { regular } = loadFonts();
  const shown = (char: string) => regular.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    if (char === "\n") out += char;
    else if (/\s/u.test(char)) out += " ";
    else if (shown(char)) out += char;
    else {
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain !== "" && [...plain].every(shown) ? plain : "?";
    }
  }
  return out;
}

export class OrderPdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;

  private readonly separator: string;

  constructor(title: string, subject: string, options: { separator?: string } = {}) {
    this.separator = options.separator ?? ": ";
    const { regular, bold } = loadFonts();
    this.doc = new PDFDocument({
      size: "LETTER",
      margin: MARGIN,
      font: "",
      info: {
        Title: printable(`${PRODUCT_NAME} ${title}`),
        Author: PRODUCT_NAME,
        Subject: subject,
      },
    });
    // pdfkit takes a parsed fontkit font as a source too (its types name only files and bytes).
    this.doc.registerFont(REGULAR, regular as unknown as PDFKit.Mixins.PDFFontSource);
    this.doc.registerFont(BOLD, bold as unknown as PDFKit.Mixins.PDFFontSource);
    const chunks: Buffer[] = [];
    this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
    this.doc.font(BOLD).fontSize(20).fillColor(INK).text(PRODUCT_NAME);
    this.doc.font(REGULAR).fontSize(14).text(printable(title));
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
    this.doc.font(BOLD).fontSize(12).fillColor(INK).text(printable(title));
    this.doc.moveDown(0.2);
    return this;
  }

  /** "Label: value" lines (the language's separator); absent values are left out. */
  lines(rows: Array<[string, string | null | undefined]>): this {
    for (const [label, value] of rows) {
      if (value === null || value === undefined || value === "") continue;
      this.doc.x = MARGIN;
      this.doc
        .font(BOLD)
        .fontSize(10)
        .fillColor(INK)
        .text(`${printable(label)}${this.separator}`, {
          continued: true,
        });
      this.doc.font(REGULAR).text(printable(value));
    }
    return this;
  }

  paragraph(text: string, options: { muted?: boolean } = {}): this {
    this.doc.x = MARGIN;
    this.doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(options.muted ? MUTED : INK)
      .text(printable(text));
    return this;
  }

  table(header: string[], rows: string[][], widths?: Array<number | string>): this {
    this.doc.moveDown(0.3);
    this.doc.x = MARGIN;
    this.doc.font(REGULAR).fontSize(9).fillColor(INK);
    this.doc.table({
      columnStyles: widths,
      defaultStyle: { border: 0.5, borderColor: RULE, padding: [3, 4] },
      rowStyles: (row) => (row === 0 ? { backgroundColor: "#f3f4f6" } : undefined),
      data: [
        header.map((text) => ({
          text: printable(text),
          type: "TH" as const,
          font: { src: BOLD },
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
