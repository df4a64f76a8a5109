import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CsvError, parse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { lineFromRow, parseStatementAmount, parseStatementDate, type ColumnMapping, type StatementLine } from '@domain/statements';

/**
 * Reads a bank statement as it arrives (ADR 024): a CSV export with the admin's column mapping, or
 * a CAMT.053 XML file. Lines come out one at a time; nothing holds the whole file.
 */

export type StatementFormat = 'csv' | 'camt053';

/** The first bytes tell the format: CAMT.053 is XML; anything else is read as CSV. */
export function formatOf(firstBytes: string): StatementFormat {
  return /^\s*(<\?xml|<Document)/.test(firstBytes.replace(/^\uFEFF/, '')) ? 'camt053' : 'csv';
}

function nodeStream(body: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>);
}

/** A statement file the reader cannot make sense of (the admin's file, not our failure). */
export class UnreadableStatement extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableStatement';
  }
}

/** The CSV's rows as cells, every line however many cells it has (banks add lines above and below the table). */
export async function* csvRows(body: ReadableStream<Uint8Array>): AsyncGenerator<string[]> {
  const parser = nodeStream(body).pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }));
  try {
    // A NUL cannot be stored (Postgres refuses it in text): a file with one still imports.
    for await (const row of parser) yield (row as string[]).map((cell) => cell.replace(/\0/g, ''));
  } catch (error) {
    // csv-parse's own errors (an invalid closing quote, …) are about the file; anything else is ours.
    if (error instanceof CsvError) {
      throw new UnreadableStatement(`The CSV file could not be read: ${error.message}`);
    }
    throw error;
  }
}

/** The statement lines of a CSV export, read with the mapping; lines above the header and footer lines are passed over. */
export async function* csvStatementLines(
  body: ReadableStream<Uint8Array>,
  mapping: ColumnMapping,
  onHeader: (header: string[]) => void = () => {},
): AsyncGenerator<StatementLine> {
  let index = -1;
  for await (const row of csvRows(body)) {
    index += 1;
    if (index === mapping.headerRow) onHeader(row);
    if (index <= mapping.headerRow) continue;
    // Totals, "end of statement" and blank lines: fewer than three cells with anything in them.
    if (row.filter((cell) => cell.trim() !== '').length < 3) continue;
    yield lineFromRow(row, mapping);
  }
}

type CamtEntry = {
  amount: string;
  creditDebit: string;
  bookedOn: string;
  references: { accountServicer?: string; entry?: string; endToEnd?: string };
  texts: string[];
};

/** The entries (`Ntry`) of a CAMT.053 statement, as statement lines. */
export async function* camtStatementLines(body: ReadableStream<Uint8Array>): AsyncGenerator<StatementLine> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const path: string[] = [];
  let entry: CamtEntry | null = null;
  let text = '';
  const ready: StatementLine[] = [];
  let failure: Error | null = null;

  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    path.push(name);
    text = '';
    if (name === 'Ntry') entry = { amount: '', creditDebit: '', bookedOn: '', references: {}, texts: [] };
  });
  parser.on('text', (value) => {
    text += value.replace(/\0/g, '');
  });
  parser.on('cdata', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    const parent = path[path.length - 2];
    const value = text.trim();
    const current = entry as CamtEntry | null;
    if (current) {
      // Only the entry's own amount: a transaction's details repeat it (InstdAmt, TxAmt).
      if (name === 'Amt' && parent === 'Ntry') current.amount = value;
      else if (name === 'CdtDbtInd' && parent === 'Ntry') current.creditDebit = value;
      else if ((name === 'Dt' || name === 'DtTm') && parent === 'BookgDt') current.bookedOn = value.slice(0, 10);
      else if (name === 'AcctSvcrRef' && parent === 'Ntry') current.references.accountServicer = value;
      else if (name === 'NtryRef') current.references.entry = value;
      else if (name === 'EndToEndId') current.references.endToEnd = value;
      else if ((name === 'Ustrd' || name === 'AddtlNtryInf' || name === 'AddtlTxInf') && value) current.texts.push(value);
      else if (name === 'Nm' && value && (path.includes('Dbtr') || path.includes('UltmtDbtr'))) current.texts.push(value);
    }
    if (name === 'Ntry' && current) {
      ready.push(camtLine(current));
      entry = null;
    }
    path.pop();
    text = '';
  });
  parser.on('error', (error) => {
    failure = error;
  });

  const decoder = new TextDecoder();
  for await (const chunk of nodeStream(body)) {
    parser.write(decoder.decode(chunk as Uint8Array, { stream: true }));
    if (failure) throw new UnreadableStatement(`The XML file could not be read: ${(failure as Error).message}`);
    yield* ready.splice(0);
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw new UnreadableStatement(`The XML file could not be read: ${(failure as Error).message}`);
  yield* ready.splice(0);
}

function camtLine(entry: CamtEntry): StatementLine {
  const raw = `${entry.bookedOn} ${entry.creditDebit} ${entry.amount} ${entry.texts.join(' ')}`.trim();
  const bookedOn = parseStatementDate(entry.bookedOn, 'YMD');
  const amount = parseStatementAmount(entry.amount);
  if (!bookedOn) return { kind: 'invalid', raw, problem: 'The entry has no booking date.' };
  if (amount === null || amount <= 0) return { kind: 'invalid', raw, problem: 'The entry’s amount is not a number.' };
  if (entry.creditDebit !== 'CRDT' && entry.creditDebit !== 'DBIT') return { kind: 'invalid', raw, problem: 'The entry is neither a credit nor a debit.' };
  return {
    kind: 'entry',
    bookedOn,
    direction: entry.creditDebit === 'CRDT' ? 'credit' : 'debit',
    amountPaise: amount,
    narration: entry.texts.join(' / '),
    reference: entry.references.accountServicer ?? entry.references.entry ?? entry.references.endToEnd ?? null,
    balance: null,
  };
}

/** The first bytes of a body, at most `limit`, and the stream is let go. */
export async function firstBytes(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // Not awaited: a branch of a tee() settles its cancel only once the other branch is done too.
  void reader.cancel().catch(() => {});
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, Math.min(chunk.byteLength, bytes.byteLength - offset));
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.byteLength) break;
  }
  return bytes;
}

/** A CSV's first rows from its first bytes (the last, maybe cut, line left out). */
export async function previewRows(bytes: Uint8Array, complete: boolean): Promise<string[][]> {
  let text = new TextDecoder().decode(bytes);
  if (!complete) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  const rows: string[][] = [];
  const stream = new Blob([text]).stream() as ReadableStream<Uint8Array>;
  for await (const row of csvRows(stream)) {
    rows.push(row);
    if (rows.length >= 40) break;
  }
  return rows;
}
