/**
 * CSV as spreadsheets read it safely. A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return would be run as a formula by Excel, LibreOffice or Sheets (CSV injection): it gets a leading
 * apostrophe, which makes it text. Every cell is quoted, so commas, quotes and line breaks stay inside.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows joined with CRLF (RFC 4180), preceded by a byte-order mark so Excel reads UTF-8 names right. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
