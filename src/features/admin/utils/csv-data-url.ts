/** A CSV file as a `data:` URL for a download link: BOM for Excel, CRLF lines, formula-safe cells. */
export function csvDataUrl(rows: readonly (readonly (string | number)[])[]): string {
  const lines = rows.map((cells) => cells.map(csvCell).join(','));
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${lines.join('\r\n')}\r\n`)}`;
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
