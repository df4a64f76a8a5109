import { randomUUID } from 'node:crypto';
import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';

const CITIES = ['Chennai', 'Madurai', 'Coimbatore', 'Salem', 'Trichy', 'Vellore', 'Erode', 'Tirunelveli'];
const CATEGORY_SETS = [['dance'], ['singing', 'drawing'], ['yoga'], ['storytelling', 'coloring', 'handwriting']] as const;

/**
 * A valid participant registration with a fresh id and reference code. Names, emails and phones
 * are synthetic (example.org, 90000 prefix): never real children's data.
 */
export function makeRegistration(n: number, overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  const digits = String(n % 100_000).padStart(5, '0');
  return {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: `Test Child ${n}`,
    age: 3 + (n % 14),
    email: `family${n}@example.org`,
    phone: `90000${digits}`,
    city: CITIES[n % CITIES.length] ?? 'Chennai',
    instituteName: '',
    categories: [...(CATEGORY_SETS[n % CATEGORY_SETS.length] ?? ['dance'])],
    agreeTerms: true,
    ...overrides,
  };
}

/** JSON POST to the public API the way the app's client sends it (same-origin, fetch header). */
export function postJson(baseUrl: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-requested-with': 'fetch' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}
