import { z } from './zod';
import { amountRupeesSchema } from './fees';
import { normalizeReferenceCode } from './reference-code';

/**
 * Bank statements (ADR 024): reading an Indian bank's export, and finding in a credit's narration
 * what identifies the family's payment. Pure functions; the server streams the file through them.
 */

/** Which column of a CSV export holds what. Indices count from 0; `headerRow` is the header line's index. */
export const columnMappingSchema = z
  .object({
    headerRow: z.number().int().min(0).max(200),
    date: z.number().int().min(0).max(100),
    /** DMY for Indian banks (01/03/2027 is 1 March); YMD for ISO dates. */
    dateOrder: z.enum(['DMY', 'MDY', 'YMD']).default('DMY'),
    narration: z.number().int().min(0).max(100),
    reference: z.number().int().min(0).max(100).nullable().default(null),
    /** Either separate credit and debit columns, or one amount column (with a Cr/Dr column, or signed). */
    credit: z.number().int().min(0).max(100).nullable().default(null),
    debit: z.number().int().min(0).max(100).nullable().default(null),
    amount: z.number().int().min(0).max(100).nullable().default(null),
    creditDebit: z.number().int().min(0).max(100).nullable().default(null),
    balance: z.number().int().min(0).max(100).nullable().default(null),
  })
  .refine((m) => m.credit !== null || m.amount !== null, { error: 'Choose the column with the credited amount.', path: ['credit'] });
export type ColumnMapping = z.output<typeof columnMappingSchema>;

/** One statement line, read: a credit or a debit, or a line that could not be read (kept, with why). */
export type StatementLine =
  | {
      kind: 'entry';
      bookedOn: string;
      direction: 'credit' | 'debit';
      amountPaise: number;
      narration: string;
      reference: string | null;
      balance: string | null;
    }
  | { kind: 'invalid'; raw: string; problem: string };

const HEADER_WORDS = {
  date: [/^(txn|transaction|tran|posting|value)?\s*date$/, /^date$/, /^booking date$/],
  narration: [/narration/, /description/, /particulars/, /details/, /remarks/],
  reference: [/ref/, /cheque/, /chq/, /utr/],
  credit: [/^credit/, /deposit/, /\bcr\b/, /credit amount/],
  debit: [/^debit/, /withdrawal/, /\bdr\b/, /debit amount/],
  amount: [/^amount/, /txn amount/, /transaction amount/],
  creditDebit: [/^(cr\/dr|dr\/cr|type|cr \/ dr)$/],
  balance: [/balance/],
};

const normalizeHeader = (cell: string) => cell.toLowerCase().replace(/[._()]/g, ' ').replace(/\s+/g, ' ').trim();

/** A header's identity, so a bank's mapping is remembered for its next statement. */
export const headerSignature = (header: readonly string[]) => header.map(normalizeHeader).join('|');

/**
 * The header line among the first lines of an export (banks put the account's details above it):
 * the first line with a date column and an amount or credit column.
 */
export function findHeaderRow(rows: readonly (readonly string[])[]): number | null {
  const index = rows.findIndex((row) => {
    const cells = row.map(normalizeHeader);
    const has = (patterns: RegExp[]) => cells.some((cell) => patterns.some((pattern) => pattern.test(cell)));
    return has(HEADER_WORDS.date) && (has(HEADER_WORDS.credit) || has(HEADER_WORDS.amount));
  });
  return index === -1 ? null : index;
}

/** A first guess at the mapping from the header's words; the admin checks it against the preview. */
export function guessMapping(rows: readonly (readonly string[])[]): ColumnMapping | null {
  const headerRow = findHeaderRow(rows);
  if (headerRow === null) return null;
  const cells = (rows[headerRow] ?? []).map(normalizeHeader);
  const find = (patterns: RegExp[], exclude: number[] = []) => {
    const index = cells.findIndex((cell, i) => !exclude.includes(i) && patterns.some((pattern) => pattern.test(cell)));
    return index === -1 ? null : index;
  };
  const date = find(HEADER_WORDS.date);
  const narration = find(HEADER_WORDS.narration);
  if (date === null || narration === null) return null;
  const balance = find(HEADER_WORDS.balance);
  const taken = [date, narration, ...(balance === null ? [] : [balance])];
  const credit = find(HEADER_WORDS.credit, taken);
  const debit = find(HEADER_WORDS.debit, [...taken, ...(credit === null ? [] : [credit])]);
  const creditDebit = find(HEADER_WORDS.creditDebit, taken);
  const amount = credit === null ? find(HEADER_WORDS.amount, taken) : null;
  const reference = find(HEADER_WORDS.reference, [...taken, ...[credit, debit, amount].filter((i): i is number => i !== null)]);
  const parsed = columnMappingSchema.safeParse({ headerRow, date, narration, reference, credit, debit, amount, creditDebit, balance, dateOrder: 'DMY' });
  return parsed.success ? parsed.data : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A statement's date (01/03/2027, 01-03-27, 01-Mar-2027, 2027-03-01) as YYYY-MM-DD, or null. */
export function parseStatementDate(text: string, order: ColumnMapping['dateOrder'] = 'DMY'): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(value);
  const named = /^(\d{1,2})[\s/-]([A-Za-z]{3})[A-Za-z]*[\s/-](\d{2}|\d{4})$/.exec(value);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (named) [day, month, year] = [Number(named[1]), MONTHS.indexOf(named[2]!.toLowerCase()) + 1, Number(named[3])];
  else if (numeric && order !== 'YMD') {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    [day, month] = order === 'DMY' ? [a, b] : [b, a];
    year = Number(numeric[3]);
  } else return null;
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount as a bank writes it (1,00,000.50 or 1,234.5, "₹ 99.00", "99.00 Cr", "(99.00)", "-99")
 * in signed paise, or null when it is not one. An empty cell is 0.
 */
export function parseStatementAmount(text: string): number | null {
  let value = text.trim().replace(/^(?:₹|rs\.?|inr)\s*/i, '');
  if (value === '' || value === '-') return 0;
  let sign = 1;
  const suffix = /\s*(cr|dr)\.?$/i.exec(value);
  if (suffix) {
    if (suffix[1]!.toLowerCase() === 'dr') sign = -1;
    value = value.slice(0, suffix.index);
  }
  if (/^\(.*\)$/.test(value)) {
    sign = -sign;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    sign = -sign;
    value = value.slice(1);
  }
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d{1,2})?$/.test(value)) return null;
  const [rupees = '0', paise = ''] = value.replace(/,/g, '').split('.');
  return sign * (Number(rupees) * 100 + Number(paise.padEnd(2, '0')));
}

/** One CSV row of an export, read with the mapping. */
export function lineFromRow(row: readonly string[], mapping: ColumnMapping): StatementLine {
  const raw = row.join(',');
  const cell = (index: number | null) => (index === null ? '' : (row[index] ?? '').trim());
  const bookedOn = parseStatementDate(cell(mapping.date), mapping.dateOrder);
  if (!bookedOn) return { kind: 'invalid', raw, problem: `The date "${cell(mapping.date)}" is not a date.` };
  let signed: number | null;
  if (mapping.credit !== null) {
    const credit = parseStatementAmount(cell(mapping.credit));
    const debit = mapping.debit === null ? 0 : parseStatementAmount(cell(mapping.debit));
    signed = credit === null || debit === null ? null : Math.abs(credit) - Math.abs(debit);
  } else {
    signed = parseStatementAmount(cell(mapping.amount));
    const type = cell(mapping.creditDebit).toLowerCase();
    if (signed !== null && /^(dr|d|debit)\.?$/.test(type)) signed = -Math.abs(signed);
    if (signed !== null && /^(cr|c|credit)\.?$/.test(type)) signed = Math.abs(signed);
  }
  if (signed === null) return { kind: 'invalid', raw, problem: 'The amount is not a number.' };
  if (signed === 0) return { kind: 'invalid', raw, problem: 'The line has no amount.' };
  return {
    kind: 'entry',
    bookedOn,
    direction: signed > 0 ? 'credit' : 'debit',
    amountPaise: Math.abs(signed),
    narration: cell(mapping.narration),
    reference: cell(mapping.reference) || null,
    balance: cell(mapping.balance) || null,
  };
}

/**
 * The reference codes a narration may carry, as they would be stored: written with or without
 * KTC, spaces or dashes, in any case, with O for 0 and I or L for 1 (pretix #5853). Any 8
 * characters could be one; the caller keeps those a registration really has. Every KTC in the
 * line is a candidate, overlapping ones too: in "KTC fee KTC7F3K9QX2" the first KTC reads
 * "FEEKTC7F" and the second the real code, so neither may hide the other.
 */
export function codesIn(narration: string): string[] {
  const text = narration.toUpperCase();
  const found = new Set<string>();
  // A lookahead matches at every KTC without consuming what follows it.
  for (const match of text.matchAll(/(?=K\s*T\s*C[\s\-_./:#]*((?:[0-9A-Z][\s\-_.]?){8}))/g)) {
    const code = normalizeReferenceCode(match[1]!.replace(/[\s\-_.]/g, ''));
    if (code) found.add(code);
  }
  for (const match of text.matchAll(/(?<![0-9A-Z])([0-9A-Z]{4})[\s-]?([0-9A-Z]{4})(?![0-9A-Z])/g)) {
    const code = normalizeReferenceCode(`${match[1]}${match[2]}`);
    if (code) found.add(code);
  }
  return [...found];
}

/** The 12-digit UPI references (UTRs) in a narration or reference cell. */
export function utrsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/(?<!\d)(\d{12})(?!\d)/g)].map((match) => match[1]!))];
}

/**
 * The words of a narration that may be the payer's name (what is left once codes, numbers, UPI
 * addresses and the banks' own words are taken out), lower-cased.
 */
export function payerWordsIn(narration: string): string[] {
  const BANK_WORDS = new Set(['upi', 'imps', 'neft', 'rtgs', 'ktc', 'by', 'to', 'from', 'transfer', 'payment', 'cr', 'dr', 'ref', 'fee', 'for', 'the', 'ltd', 'bank', 'p2a', 'p2m', 'mob', 'inb', 'trf', 'sent', 'using', 'pay']);
  return narration
    .toLowerCase()
    .replace(/\S+@\S+/g, ' ')
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && !BANK_WORDS.has(word));
}

/** What a statement row came to (ADR 024). The first four need nobody; the rest are listed for a person first. */
export const STATEMENT_ROW_STATES = [
  'matched',
  'split',
  'part_payment',
  'overpayment',
  'already_paid',
  'suggested',
  'no_match',
  'invalid',
  'ignored',
] as const;
export type StatementRowState = (typeof STATEMENT_ROW_STATES)[number];

/** The states a person should look at, most urgent first. */
export const NEEDS_A_PERSON: readonly StatementRowState[] = ['suggested', 'no_match', 'overpayment', 'already_paid', 'invalid'];

/** The states of a credit that paid more than was owed: overpaid, or paid twice. A person resolves them. */
export const REFUNDABLE_STATES: readonly StatementRowState[] = ['overpayment', 'already_paid'];

/** A refund recorded from an overpaid or double-paid line: its id is the page's, so a retry records it once. */
export const refundInputSchema = z.object({
  id: z.uuid({ error: 'The entry id must be a UUID.' }),
  amountRupees: amountRupeesSchema,
  method: z.enum(['upi', 'bank'], { error: 'Choose UPI or bank transfer.' }),
  reference: z.string().trim().max(100, { error: 'Keep the reference under 100 characters.' }).optional().transform((v) => (v ? v : undefined)),
  occurredAt: z.iso.datetime({ offset: true, error: 'Enter when the money went back.' }),
});

/** Money kept from an overpaid or double-paid line, with why. */
export const keepRowSchema = z.object({
  resolution: z.literal('kept'),
  note: z.string().trim().min(3, { error: 'Say why the money is kept.' }).max(300, { error: 'Keep the reason under 300 characters.' }),
});

/**
 * How a person settles an overpaid or double-paid line (issue 49): the money went back (a refund
 * already in the registration's ledger, or one recorded now) or it is kept, with why.
 */
export const resolveRowSchema = z.discriminatedUnion(
  'resolution',
  [
    keepRowSchema,
    z
      .object({
        resolution: z.literal('refunded'),
        /** A refund already recorded on the registration… */
        refundEntryId: z.uuid({ error: 'The refund entry id must be a UUID.' }).optional(),
        /** …or the refund, recorded now. */
        refund: refundInputSchema.optional(),
      })
      .refine((r) => (r.refundEntryId ? 1 : 0) + (r.refund ? 1 : 0) === 1, { error: 'Record the refund, or choose the refund already recorded.', path: ['refund'] }),
  ],
  { error: 'Choose refunded or kept.' },
);
export type ResolveRowInput = z.input<typeof resolveRowSchema>;

/**
 * The payer's account as the narration gives it, to send a refund back: a UPI address, or a
 * bank's IFSC with the account number beside it. Null when the line names neither.
 */
export function payerAccountIn(narration: string): string | null {
  const upi = /[A-Za-z0-9._-]{2,}@[A-Za-z][A-Za-z0-9.]{1,}/.exec(narration);
  if (upi) return upi[0];
  const parts = narration.split(/[\s/:-]+/);
  const ifscAt = parts.findIndex((part) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(part));
  if (ifscAt === -1) return null;
  const account = [parts[ifscAt - 1], parts[ifscAt + 1]].find((part) => part !== undefined && /^\d{9,18}$/.test(part));
  return account ? `${account} (IFSC ${parts[ifscAt]})` : `IFSC ${parts[ifscAt]}`;
}
