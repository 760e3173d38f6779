import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import type { InvoiceDocument } from './document';
import { invoiceIssuer } from './issuer';

/*
 * The invoice as a US Letter PDF (pdf-lib, standard Helvetica): vendor header, invoice number and
 * dates, the billing block with the VAT number, line items, totals, the paid status and the customer's
 * notes, with a footer on every page. A purchase of many items continues on further pages.
 */

const page = { width: 612, height: 792, margin: 50 };
const ink = rgb(0.13, 0.15, 0.2);
const muted = rgb(0.42, 0.45, 0.5);
const accent = rgb(0.16, 0.32, 0.75);
const rule = rgb(0.85, 0.87, 0.9);
const paidGreen = rgb(0.1, 0.5, 0.25);
const dueAmber = rgb(0.65, 0.4, 0.05);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Standard fonts speak WinAnsi only: a character they cannot draw (a CJK name, an emoji) becomes '?'
 * rather than failing the whole invoice. Control characters go too.
 */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x20 || code === 0x7f) return ' ';
      return known.has(code) ? char : '?';
    })
    .join('');
}

/** Splits a paragraph into lines no wider than `width`; a word longer than a line is cut. */
function wrap(font: PDFFont, size: number, paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

/** Where text stops and the footer begins. */
const bottom = page.margin + 40;

class Writer {
  private target: PDFPage;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.target = this.addPage();
  }

  private addPage(): PDFPage {
    this.target = this.pdf.addPage([page.width, page.height]);
    this.line(page.margin + 24);
    this.text(
      `Thank you for your business. ${invoiceIssuer.name} - ${invoiceIssuer.website}`,
      page.width / 2,
      page.margin + 8,
      { size: 8, color: muted, align: 'center' },
    );
    return this.target;
  }

  /** `y`, or the top of a new page when what follows (`needed` points) would run into the footer. */
  room(y: number, needed: number): number {
    if (y - needed >= bottom) return y;
    this.addPage();
    return page.height - page.margin;
  }

  text(
    text: string,
    x: number,
    y: number,
    { size = 10, bold = false, color = ink, align = 'left' as 'left' | 'right' | 'center' } = {},
  ): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const clean = printable(font, text);
    const width = font.widthOfTextAtSize(clean, size);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    this.target.drawText(clean, { x: left, y, size, font, color });
  }

  /** Wrapped lines from top `y` down; returns the y below the last one. */
  block(
    lines: readonly string[],
    x: number,
    y: number,
    width: number,
    { size = 10, color = ink, bold = false } = {},
  ): number {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    let cursor = y;
    const paragraphs = lines.flatMap((line) => line.split(/\r?\n/));
    for (const paragraph of paragraphs) {
      for (const wrapped of wrap(font, size, printable(font, paragraph), width)) {
        cursor = this.room(cursor, size);
        this.text(wrapped, x, cursor, { size, color, bold });
        cursor -= size * 1.45;
      }
    }
    return cursor;
  }

  line(y: number, x1 = page.margin, x2 = page.width - page.margin, thickness = 0.75): void {
    this.target.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color: rule });
  }

  box(x: number, y: number, width: number, height: number, color = rgb(0.96, 0.97, 0.98)): void {
    this.target.drawRectangle({ x, y, width, height, color });
  }
}

const statusLabel = (status: string) => (status === 'complete' ? 'PAID' : status.toUpperCase());

const gatewayLabels: Record<string, string> = {
  stripe: 'Card',
  paypalexpress: 'PayPal',
  manual: 'Manual',
  sandbox: 'Test card',
};

function header(w: Writer, doc: InvoiceDocument, top: number): number {
  const right = page.width - page.margin;
  w.text(invoiceIssuer.name, page.margin, top, { size: 18, bold: true, color: accent });
  w.block(
    [...invoiceIssuer.address, invoiceIssuer.email, invoiceIssuer.website, invoiceIssuer.taxId],
    page.margin,
    top - 20,
    260,
    { size: 9, color: muted },
  );
  w.text('INVOICE', right, top, { size: 22, bold: true, align: 'right' });
  const facts: [string, string][] = [
    ['Invoice number', doc.number],
    ['Invoice date', formatDate(doc.issuedAt)],
    ['Order number', doc.order.number],
    ['Order date', formatDate(doc.order.date)],
  ];
  let y = top - 24;
  for (const [label, value] of facts) {
    w.text(label, right - 120, y, { size: 9, color: muted, align: 'right' });
    w.text(value, right, y, { size: 9, bold: true, align: 'right' });
    y -= 14;
  }
  return Math.min(y, top - 20 - 5 * 9 * 1.45) - 16;
}

function billing(w: Writer, doc: InvoiceDocument, top: number): number {
  const b = doc.billing;
  w.text('BILL TO', page.margin, top, { size: 9, bold: true, color: muted });
  const cityLine = [b.city, [b.state, b.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [b.email, b.line1, b.line2, cityLine, b.country].filter(Boolean);
  let y = w.block([b.name], page.margin, top - 16, 300, { size: 11, bold: true });
  y = w.block(lines, page.margin, y + 1, 300);
  if (b.vat) y = w.block([`VAT / Tax number: ${b.vat}`], page.margin, y, 300, { bold: true });

  // The paid status, in a badge on the right.
  const paid = doc.order.status === 'complete';
  const label = statusLabel(doc.order.status);
  const right = page.width - page.margin;
  w.text('STATUS', right, top, { size: 9, bold: true, color: muted, align: 'right' });
  w.text(label, right, top - 20, {
    size: 16,
    bold: true,
    color: paid ? paidGreen : dueAmber,
    align: 'right',
  });
  w.text(`Payment method: ${gatewayLabels[doc.order.gateway] ?? doc.order.gateway}`, right, top - 36, {
    size: 9,
    color: muted,
    align: 'right',
  });
  return y - 14;
}

const columns = { item: page.margin + 8, qty: 390, price: 470, amount: page.width - page.margin - 8 };

function items(w: Writer, doc: InvoiceDocument, top: number): number {
  w.box(page.margin, top - 6, page.width - 2 * page.margin, 22);
  const head = { size: 9, bold: true, color: muted };
  w.text('ITEM', columns.item, top + 2, head);
  w.text('QTY', columns.qty, top + 2, { ...head, align: 'right' });
  w.text('PRICE', columns.price, top + 2, { ...head, align: 'right' });
  w.text('AMOUNT', columns.amount, top + 2, { ...head, align: 'right' });
  let y = top - 24;
  for (const item of doc.items) {
    y = w.room(y, 30);
    w.text(item.name, columns.item, y, { size: 10, bold: true });
    w.text(item.priceName, columns.item, y - 13, { size: 9, color: muted });
    w.text('1', columns.qty, y, { align: 'right' });
    w.text(formatMoney(item.amountCents / 100), columns.price, y, { align: 'right' });
    w.text(formatMoney((item.amountCents - item.discountCents) / 100), columns.amount, y, { align: 'right' });
    w.line(y - 22);
    y -= 38;
  }
  return y;
}

function totals(w: Writer, doc: InvoiceDocument, top: number): number {
  const o = doc.order;
  const rows: [string, number][] = [['Subtotal', o.subtotalCents]];
  if (o.discountCents) rows.push(['Discount', -o.discountCents]);
  if (o.taxCents) rows.push(['Tax', o.taxCents]);
  // The totals stay together.
  let y = w.room(top, 16 * rows.length + 30);
  for (const [label, cents] of rows) {
    w.text(label, columns.price, y, { color: muted, align: 'right' });
    w.text(formatMoney(cents / 100), columns.amount, y, { align: 'right' });
    y -= 16;
  }
  w.line(y + 8, 330);
  y -= 6;
  w.text(`Total (${o.currency})`, columns.price, y, { size: 12, bold: true, align: 'right' });
  w.text(formatMoney(o.totalCents / 100), columns.amount, y, { size: 12, bold: true, align: 'right' });
  y -= 18;
  const paid = o.status === 'complete';
  w.text(paid ? 'Amount paid' : 'Amount due', columns.price, y, { color: muted, align: 'right' });
  w.text(formatMoney(o.totalCents / 100), columns.amount, y, {
    bold: true,
    color: paid ? paidGreen : dueAmber,
    align: 'right',
  });
  return y - 30;
}

function notes(w: Writer, doc: InvoiceDocument, top: number): void {
  if (!doc.billing.notes) return;
  const y = w.room(top, 30);
  w.text('NOTES', page.margin, y, { size: 9, bold: true, color: muted });
  w.block([doc.billing.notes], page.margin, y - 15, page.width - 2 * page.margin);
}

/** The invoice PDF's bytes. Its title (document metadata) is 'Invoice {number}'. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  pdf.setTitle(`Invoice ${doc.number}`);
  pdf.setSubject(`Invoice ${doc.number} for order ${doc.order.number}`);
  pdf.setAuthor(invoiceIssuer.name);
  pdf.setCreator(invoiceIssuer.name);
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(doc.issuedAt);
  pdf.setModificationDate(doc.issuedAt);

  const w = new Writer(pdf, fonts);
  let y = header(w, doc, page.height - page.margin - 10);
  w.line(y + 6);
  y = billing(w, doc, y - 14);
  y = items(w, doc, y - 6);
  y = totals(w, doc, y - 4);
  notes(w, doc, y);
  return pdf.save();
}
