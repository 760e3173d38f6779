import { inflateSync } from 'node:zlib';

/*
 * Reads back the text an invoice PDF draws, for tests only. pdf-lib writes each run of text as a hex
 * string shown with `Tj`, in content streams that may be Flate-compressed; this inflates the streams
 * and decodes those strings (WinAnsi, which is Latin-1 for the characters an invoice uses).
 */

function streams(bytes: Uint8Array): Buffer[] {
  const source = Buffer.from(bytes);
  const found: Buffer[] = [];
  let from = 0;
  for (;;) {
    const start = source.indexOf('stream', from, 'latin1');
    if (start < 0) return found;
    const dictStart = source.lastIndexOf('<<', start, 'latin1');
    const dict = source.subarray(dictStart, start).toString('latin1');
    let bodyStart = start + 'stream'.length;
    if (source[bodyStart] === 0x0d) bodyStart += 1;
    if (source[bodyStart] === 0x0a) bodyStart += 1;
    const end = source.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) return found;
    const body = source.subarray(bodyStart, end);
    try {
      found.push(dict.includes('/FlateDecode') ? inflateSync(body) : body);
    } catch {
      // Not a stream we can read (an image, a font): no text in it.
    }
    from = end + 'endstream'.length;
  }
}

/** Every text run the PDF draws, in drawing order. */
export function pdfTextRuns(bytes: Uint8Array): string[] {
  const runs: string[] = [];
  for (const stream of streams(bytes)) {
    const content = stream.toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      runs.push(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'hex').toString('latin1'));
    }
    for (const match of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      runs.push((match[1] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return runs;
}

/** The runs joined by newlines, for `toContain` checks. */
export function pdfText(bytes: Uint8Array): string {
  return pdfTextRuns(bytes).join('\n');
}
