import { numberFromInput } from './validation';
import { PRIVACY_NOTICE } from './season';
import { referenceCodeOf } from './reference-code';
import type { Language } from './languages';
import type { RegistrationInput } from './registration';

/**
 * The registration form's fields as a browser posts them (ADR 031): the form works before the
 * page's script runs, and without it. The names are the form's own (`name` on each control);
 * the result goes through the same `registrationFormSchema` as the page's own save.
 */
export type PostedForm = Record<string, string | string[] | undefined>;

const one = (form: PostedForm, name: string): string => {
  const value = form[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const all = (form: PostedForm, name: string): string[] => {
  const value = form[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/**
 * The record a posted form describes. `id` is the form's hidden id (made in the page when the
 * form was sent), or `newId` when the page made none (no script at all); the code comes from the
 * id, as the page's own save makes it. A ticked box posts "on"; one left empty posts nothing.
 */
export function registrationOfPostedForm(form: PostedForm, language: Language, newId: () => string): Record<string, unknown> {
  const id = one(form, 'id').trim() || newId();
  const type = one(form, 'type') || 'participant';
  const isParticipant = type === 'participant';
  const text = (name: string) => one(form, name).trim();
  let referenceCode = '';
  try {
    referenceCode = referenceCodeOf(id);
  } catch {
    // A malformed id: the schema says what is wrong with it.
  }
  return {
    id,
    referenceCode,
    type,
    ...(isParticipant && text('name') ? { name: text('name') } : {}),
    ...(isParticipant && text('age') !== '' ? { age: numberFromInput(text('age')) } : {}),
    email: text('email'),
    phone: text('phone'),
    city: text('city'),
    ...(text('instituteName') ? { instituteName: text('instituteName') } : {}),
    categories: all(form, 'categories'),
    agreeTerms: one(form, 'agreeTerms') === 'on' ? true : undefined,
    language,
    ...(isParticipant
      ? {
          guardianName: text('guardianName'),
          privacyConsent: one(form, 'privacyConsent') === 'on',
          privacyNoticeVersion: PRIVACY_NOTICE.version,
          consentChannel: 'web',
        }
      : {}),
  } satisfies Partial<Record<keyof RegistrationInput, unknown>>;
}
