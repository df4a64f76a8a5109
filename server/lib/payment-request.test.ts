import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../db/stores/payment-store';
import { paymentTerms } from './payment-request';

const UPI = { UPI_VPA: 'kidstalent@okaxis', UPI_PAYEE_NAME: 'Kids Talent Competition' };
const child = { type: 'participant' as const, categories: ['dance', 'yoga'] as const, referenceCode: 'KTC-7F3K-9QX2', cancelledAt: null };

function entry(overrides: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: crypto.randomUUID(),
    kind: 'payment',
    method: 'upi',
    amountPaise: 9900,
    reference: null,
    reason: null,
    source: 'statement',
    recordedBy: 'admin',
    occurredAt: '2027-03-01T06:30:00.000Z',
    receiptNumber: 1,
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    ...overrides,
  };
}

describe('paymentTerms', () => {
  it('asks for what is still owed online, after UPI and bank payments less refunds', () => {
    expect(paymentTerms(child, UPI)?.owedOnline).toBe(198);
    expect(paymentTerms(child, UPI, [entry({})])).toMatchObject({ owedOnline: 99, upi: { rupees: 99 } });
    expect(paymentTerms(child, UPI, [entry({}), entry({ method: 'bank' })])).toMatchObject({ owedOnline: 0, upi: null });
    expect(paymentTerms(child, UPI, [entry({ amountPaise: 19_800 }), entry({ kind: 'refund', amountPaise: 9900 })])?.owedOnline).toBe(99);
    // A voided payment settles nothing.
    expect(paymentTerms(child, UPI, [entry({ amountPaise: 19_800, voidedAt: '2027-03-02T00:00:00Z' })])?.owedOnline).toBe(198);
  });

  it('does not count cash or a waiver given at a venue against the online fee', () => {
    const mixed = { ...child, categories: ['dance', 'crawling'] as const };
    const atVenue = [entry({ method: 'cash', source: 'venue', amountPaise: 33_300 }), entry({ kind: 'waiver', method: null, source: 'venue', amountPaise: 33_300 })];
    expect(paymentTerms(mixed, UPI, atVenue)).toMatchObject({ owedOnline: 99, atVenue: { rupees: 333 } });
    expect(paymentTerms(mixed, UPI, [entry({ kind: 'waiver', method: null, source: 'admin', amountPaise: 9900 })])?.owedOnline).toBe(0);
  });

  it('never asks a cancelled registration, and nothing of an institute', () => {
    expect(paymentTerms({ ...child, cancelledAt: '2027-03-01T00:00:00Z' }, UPI)).toMatchObject({ owedOnline: 198, upi: null });
    expect(paymentTerms({ ...child, type: 'institute' }, UPI)).toBeNull();
  });
});
