// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createReferenceCode } from '@domain/reference-code';
import { VENUE_SESSIONS } from '@domain/season';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordsOfKinds } from '@/lib/outbox';
import { resetOutbox } from '@/lib/outbox/testing';
import { rosterRow } from '../testing';
import { saveCheckIn } from './save-check-in';
import { saveFee } from './save-fee';
import { saveWalkIn } from './save-walk-in';
import type { StaffSession } from './staff-session';
import { exportRecords, VENUE_KINDS, venueExport } from './venue-records';

const session = VENUE_SESSIONS.find((s) => s.categories.includes('crawling'))!;
const staff: StaffSession = { username: 'hall-staff', role: 'staff', expiresAt: '2099-01-01T00:00:00.000Z' };
const child = rosterRow({ sessionId: session.id, referenceCode: createReferenceCode() });

afterEach(async () => {
  await resetOutbox();
  vi.restoreAllMocks();
});

/** A walk-in, a check-in and a fee, saved the way venue mode saves them, read back as the end-of-day screen holds them. */
async function aVenueDay() {
  const walkIn = await saveWalkIn(
    {
      id: crypto.randomUUID(),
      referenceCode: createReferenceCode(),
      type: 'participant',
      name: 'Walk-in Baby',
      age: 6,
      email: 'parent@example.org',
      phone: '9876543210',
      city: 'Chennai',
      categories: ['crawling'],
      agreeTerms: true,
      guardianName: 'Parent',
      privacyConsent: true,
      consentChannel: 'field-staff',
    },
    session,
    staff,
  );
  expect(walkIn).toMatchObject({ saved: true });
  expect(await saveCheckIn(session, staff, child, null)).toMatchObject({ saved: true });
  expect(await saveFee(session, staff, child, { status: 'paid' })).toMatchObject({ saved: true });
  const records = await recordsOfKinds(VENUE_KINDS);
  expect(records).toHaveLength(3);
  // On the device every record holds its secret (ADR 009): the file must not.
  const secrets = records.map((record) => record.recordSecret);
  for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
  return { records, secrets: secrets as string[] };
}

describe('the venue export (End of day, "Export to a file")', () => {
  it('goes through the outbox export: every record, its labels and payload, never a record secret', async () => {
    const { records, secrets } = await aVenueDay();

    const text = await venueExport(records, session.id, new Date('2027-04-18T12:00:00Z'));

    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('recordSecret');
    const file = JSON.parse(text) as { exportedAt: string; sessionId: string; records: { id: string; kind: string; childName: string }[] };
    expect(file).toMatchObject({ exportedAt: '2027-04-18T12:00:00.000Z', sessionId: session.id });
    expect(file.records.map((record) => record.id)).toEqual(records.map((record) => record.id));
    expect(file.records.map((record) => record.kind).sort()).toEqual(['check-in', 'fee', 'walk-in']);
  });

  it('the file the button downloads holds no record secret either', async () => {
    const { records, secrets } = await aVenueDay();
    let downloaded: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      downloaded = blob;
      return 'blob:venue-export';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await exportRecords(records, session.id);

    expect(click).toHaveBeenCalledOnce();
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText((downloaded as Blob | null)!);
    });
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('recordSecret');
    expect((JSON.parse(text) as { records: unknown[] }).records).toHaveLength(3);
  });
});
