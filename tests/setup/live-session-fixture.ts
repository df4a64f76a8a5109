import type { RegistrationInput } from '@domain/registration';
import { childRegistration } from './registration-fixtures';

/**
 * The hand-computed fixture of a live dance session (ADR 034), shared by the API test and the
 * browser journey: three judges give uniform scores (every criterion the same, so the weighted
 * score is that score, and its value on 0-100 is (s - 1) / 9 × 100). Judge C knows performer 5
 * and steps back (null); performer 3 went over the time limit (5 points off).
 */
export const PANEL_SCORES: readonly (readonly (number | null)[])[] = [
  [9, 8, 7, 6, 5, 4, 3, 2, 9, 8, 7, 6],
  [8, 8, 6, 6, 5, 5, 3, 3, 9, 7, 7, 5],
  [9, 7, 7, 5, null, 4, 2, 2, 9, 8, 6, 7],
];

/** Each performer's result, by running number. */
export const EXPECTED: Readonly<Record<number, { final: number; place: number; award: string }>> = {
  9: { final: 88.89, place: 1, award: 'winner' },
  1: { final: 85.19, place: 2, award: 'runner-up' },
  2: { final: 74.07, place: 3, award: 'merit' },
  10: { final: 74.07, place: 3, award: 'merit' },
  11: { final: 62.96, place: 5, award: 'participated' },
  3: { final: 57.96, place: 6, award: 'participated' },
  12: { final: 55.56, place: 7, award: 'participated' },
  4: { final: 51.85, place: 8, award: 'participated' },
  5: { final: 44.44, place: 9, award: 'participated' },
  6: { final: 37.04, place: 10, award: 'participated' },
  7: { final: 18.52, place: 11, award: 'participated' },
  8: { final: 14.81, place: 12, award: 'participated' },
};

/** A dance sheet with every criterion at `score`. */
export const uniform = (score: number) => ({ technique: score, expression: score, choreography: score, presence: score });

/**
 * The session's 12 dancers (ages 6-8, English and Tamil families in turn), named and reached
 * through `who` so each suite's children are its own: `Nritya` gives NrityaA … NrityaL.
 */
export function liveDancers(who: { first: string; surname: string; city: string; phoneBlock: string }): RegistrationInput[] {
  return Array.from({ length: 12 }, (_, i) =>
    childRegistration({
      name: `${who.first}${String.fromCharCode(65 + i)} ${who.surname}`,
      age: 6 + (i % 3),
      categories: ['dance'],
      city: `${who.city}${i}`,
      email: `${who.first.toLowerCase()}${i}@example.org`,
      phone: `+91 90000 ${who.phoneBlock}${String(i).padStart(2, '0')}`,
      language: i % 2 === 0 ? 'en' : 'ta',
    }),
  );
}
