import type { AdminRegistration } from '../api/get-registrations';

/** A registration as the admin API answers it: Asha, 7, in dance and crawling; `overrides` change it. */
export function registration(overrides: Partial<AdminRegistration> = {}): AdminRegistration {
  return {
    id: '0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11',
    referenceCode: 'KTC-7F3K-9QX2',
    type: 'participant',
    name: 'Asha Raman',
    age: 7,
    ageUnit: 'years',
    email: 'asha.parent@example.org',
    phone: '9876543210',
    city: 'Chennai',
    instituteName: null,
    categories: ['dance', 'crawling'],
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    version: 1,
    possibleDuplicate: false,
    venueFee: null,
    ageOutsideBand: false,
    deletedAt: null,
    language: 'en',
    cancelledAt: null,
    cancelledBy: null,
    ...overrides,
  };
}
