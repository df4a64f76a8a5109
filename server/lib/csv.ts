/** UTF-8 byte order mark: Excel needs it to read the file as UTF-8 (Tamil names, ₹). */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (starting with = + - @, tab or CR)
 * gets a leading apostrophe, except a plain negative number (-99.00, a refund in the accounts),
 * which no spreadsheet runs and which must stay a number to add up; every cell is quoted, with
 * quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A streamed CSV download: BOM and header first, then whatever the rows generator yields.
 * The first rows are read before answering, so a query that fails at once is an ordinary JSON
 * error (app.onError). A failure later, after the headers went out, is passed to `onFailure`
 * and cuts the download short without a word of it reaching the client: an error's text can
 * carry SQL and its bound values, and a truncated file is the honest signal.
 */
export async function csvResponse(
  filename: string,
  header: readonly string[],
  rows: AsyncGenerator<string>,
  onFailure: (error: unknown) => void,
): Promise<Response> {
  const encoder = new TextEncoder();
  const first = await rows.next();
  let pending: string | null = CSV_BOM + csvRow(header) + (first.done ? '' : first.value);
  let finished = first.done === true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== null) {
        controller.enqueue(encoder.encode(pending));
        pending = null;
        if (finished) controller.close();
        return;
      }
      try {
        const next = await rows.next();
        if (next.done) {
          finished = true;
          controller.close();
        } else {
          controller.enqueue(encoder.encode(next.value));
        }
      } catch (error) {
        onFailure(error);
        controller.error(new Error('The export stopped early.'));
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * A CSV's lines from batches of rows, and once they are out (or the download stopped) how many
 * rows left the server and whether all of them did: what a read audit records for an export.
 */
export async function* csvLines<T>(batches: AsyncIterable<T[]>, line: (row: T) => string, finished: (rows: number, complete: boolean) => Promise<void>): AsyncGenerator<string> {
  let rows = 0;
  let complete = false;
  try {
    for await (const batch of batches) {
      rows += batch.length;
      yield batch.map(line).join('');
    }
    complete = true;
  } finally {
    await finished(rows, complete);
  }
}
