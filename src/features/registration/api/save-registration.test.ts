import 'fake-indexeddb/auto';
import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';
import { afterEach, describe, expect, it } from 'vitest';
import { getRecord, listRecords } from '@/lib/outbox';
import { resetOutbox, setRecord } from '@/lib/outbox/testing';
import { saveRegistration } from './save-registration';

afterEach(async () => {
  await resetOutbox();
});

const typed = (): RegistrationInput => ({
  id: crypto.randomUUID(),
  referenceCode: createReferenceCode(),
  type: 'participant',
  name: '  Asha ',
  age: 7,
  email: 'parent@example.org',
  phone: '98765 43210',
  city: ' Chennai ',
  categories: ['singing', 'dance'],
  agreeTerms: true,
  guardianName: 'Lakshmi',
  privacyConsent: true,
});

describe('saveRegistration', () => {
  it('stores the parsed registration (trimmed, contests in list order), and edit replaces it in place', async () => {
    const input = typed();
    expect(await saveRegistration(input, 'new')).toEqual({ saved: true, id: input.id, existing: false });
    const stored = await getRecord(input.id);
    expect(stored?.kind === 'registration' && stored.payload).toMatchObject({ name: 'Asha', city: 'Chennai', categories: ['dance', 'singing'] });

    await setRecord(input.id, { status: 'failed' });
    expect(await saveRegistration({ ...input, city: 'Madurai' }, 'edit')).toMatchObject({ saved: true });
    const edited = await getRecord(input.id);
    expect(edited?.status).toBe('queued');
    expect(edited?.kind === 'registration' && edited.payload.city).toBe('Madurai');
    expect((await listRecords()).length).toBe(1);
  });

  it('refuses a child’s registration without the parent’s consent, as the form requires', async () => {
    const { guardianName: _name, privacyConsent: _box, ...withoutConsent } = typed();
    const result = await saveRegistration(withoutConsent, 'new');
    expect(result.saved).toBe(false);
    expect(!result.saved && Object.keys(result.errors)).toEqual(expect.arrayContaining(['guardianName']));
    expect((await listRecords()).length).toBe(0);
  });

  it('answers every message at once and stores nothing', async () => {
    const result = await saveRegistration({ ...typed(), age: 40, city: '' }, 'new');
    expect(result).toEqual({ saved: false, errors: { age: expect.stringMatching(/^Age must be between/), city: expect.any(String) } });
    expect((await listRecords()).length).toBe(0);
  });
});
