import { describe, expect, it } from 'vitest';
import { legacyFieldErrors, registrationInputFromLegacy } from './legacy-registration';

const identity = { id: '0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11', referenceCode: 'KTC-7F3K-9QX2' };

describe("the original site's registration payload", () => {
  it.each([
    ['Dance Challenge', ['dance']],
    ['Dance Challenge, singing contest', ['dance', 'singing']],
    ['Crawling (5-9 months) - In Person,Yoga Competition', ['crawling', 'yoga']],
    ['yoga', ['yoga']],
    ['Dance Challenge,,  ', ['dance']],
    // An unknown name stays as sent, so the schema can say which contest it did not know.
    ['Karate, Dance Challenge', ['Karate', 'dance']],
    ['', []],
  ])('categories %j become %j', (categories, slugs) => {
    expect(registrationInputFromLegacy({ categories }, identity).categories).toEqual(slugs);
  });

  it.each([
    ['participants', 'participant'],
    ['institute', 'institute'],
    ['school', undefined],
    [undefined, undefined],
  ])('createdBy %j is type %j', (createdBy, type) => {
    expect(registrationInputFromLegacy({ createdBy }, identity).type).toBe(type);
  });

  it('keeps the known fields, adds the identity, and drops anything else', () => {
    const input = registrationInputFromLegacy(
      { name: 'Asha', age: 7, email: 'a@b.org', phone: '9876543210', city: 'Chennai', agreeTerms: true, createdBy: 'participants', categories: 'Yoga Competition', isAdmin: true },
      identity,
    );
    expect(input).toEqual({ ...identity, name: 'Asha', age: 7, email: 'a@b.org', phone: '9876543210', city: 'Chennai', agreeTerms: true, type: 'participant', categories: ['yoga'] });
  });

  it.each([null, 'text', [1, 2]])('%j maps to an identity with nothing else to check', (payload) => {
    expect(registrationInputFromLegacy(payload, identity)).toEqual({ ...identity, type: undefined, categories: undefined });
  });

  it.each([
    [{ type: 'Choose participant or institute.', city: 'Enter a city.' }, { createdBy: 'Choose participants or institute.', city: 'Enter a city.' }],
    [{ city: 'Enter a city.' }, { city: 'Enter a city.' }],
  ])('field errors %j are named for the old client as %j', (fields, legacy) => {
    expect(legacyFieldErrors(fields)).toEqual(legacy);
  });
});
