import { useT } from '@/lib/i18n/use-t';
import { ageRangeFor } from '@domain/age-bands';
import { isCategorySlug, type CategorySlug } from '@domain/categories';
import { createReferenceCode } from '@domain/reference-code';
import { CONTACT, PRIVACY_NOTICE } from '@domain/season';
import type { RegistrationInput } from '@domain/registration';
import type { ConsentChannel } from '@domain/consent';
import type { RegistrationType } from '@domain/registration-rules';
import { numberFromInput, type FieldErrors } from '@domain/validation';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import type { SaveResult } from '@/lib/outbox';
import { CategorySelect } from './category-select';

import { NOTICE_MS } from '../messages';

/** zod, Dexie and the sync engine: fetched once the form is touched, and awaited on submit. */
const loadSaving = () => import('../api/save-registration');
const SuccessPanel = lazy(() => import('./registration-status').then((m) => ({ default: m.SuccessPanel })));
const PreviousRegistration = lazy(() =>
  import('./registration-status').then((m) => ({ default: m.PreviousRegistration })),
);

type Values = {
  type: RegistrationType;
  name: string;
  age: string;
  email: string;
  phone: string;
  city: string;
  instituteName: string;
  categories: CategorySlug[];
  agreeTerms: boolean;
  /** A child's registration: the parent's or guardian's consent (docs/api.md, "Language and consent"). */
  guardianName: string;
  privacyConsent: boolean;
  /** When the consent box was ticked, on this device; travels with the queued record. */
  consentedAt: string | null;
};

const blank = (categories: CategorySlug[] = []): Values => ({
  type: 'participant',
  name: '',
  age: '',
  email: '',
  phone: '',
  city: '',
  instituteName: '',
  categories,
  agreeTerms: false,
  guardianName: '',
  privacyConsent: false,
  consentedAt: null,
});

function valuesOf(payload: RegistrationInput): Values {
  return {
    type: payload.type,
    name: payload.name ?? '',
    age: payload.age === undefined || payload.age === null ? '' : String(payload.age),
    email: payload.email,
    phone: payload.phone,
    city: payload.city,
    instituteName: payload.instituteName ?? '',
    categories: payload.categories.filter(isCategorySlug),
    agreeTerms: payload.agreeTerms === true,
    guardianName: payload.guardianName ?? '',
    privacyConsent: payload.privacyConsent === true,
    consentedAt: payload.consentedAt ?? null,
  };
}

type Props = {
  /** Preselected from `?category=<slug>`. */
  initialCategory?: string | null;
  /** Edit-and-resend: a stored registration the server refused. */
  editing?: { payload: RegistrationInput; fieldErrors: FieldErrors | null } | null;
  onEdited?: () => void;
  /** Stores a new registration some other way (venue mode's walk-ins); the outbox by default. */
  save?: (input: RegistrationInput) => Promise<SaveResult>;
  /** How a child's consent is given: by the family on the website, or recorded by field staff at a venue. */
  consentChannel?: ConsentChannel;
};

export function RegistrationForm({ initialCategory = null, editing = null, onEdited, save, consentChannel = 'web' }: Props) {
  const preselected: CategorySlug[] = initialCategory && isCategorySlug(initialCategory) ? [initialCategory] : [];
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing.payload) : blank(preselected)));
  const form = useFieldErrors(editing?.fieldErrors ?? {});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const { t, to, lang } = useT();
  const [success, setSuccess] = useState<{ id: string; code: string } | null>(null);
  const [previous, setPrevious] = useState<{ id: string; code: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { clear, reset } = form;

  usePreloadWhenFormTouched(loadSaving);

  // The terms message shows for 3 s, as the original site did; nothing is stored meanwhile.
  const termsNotice = !!form.errors.agreeTerms;
  useEffect(() => {
    if (!termsNotice) return;
    const timer = setTimeout(() => clear('agreeTerms'), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [termsNotice, clear]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      // A blank form, ready for the next child; the last code stays visible above it.
      setPrevious(success);
      setSuccess(null);
      setValues(blank(preselected));
      reset();
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    }, NOTICE_MS);
    return () => clearTimeout(timer);
    // preselected is derived from a prop that does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [success]);

  const isParticipant = values.type === 'participant';
  const range = ageRangeFor(values.categories);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFailed(false);
    clear(key);
  };

  async function onSubmit() {
    if (saving) return;
    setFailed(false);
    const input: RegistrationInput = {
      id: editing?.payload.id ?? crypto.randomUUID(),
      referenceCode: editing?.payload.referenceCode ?? createReferenceCode(),
      type: values.type,
      ...(isParticipant && values.name ? { name: values.name } : {}),
      ...(isParticipant && values.age !== '' ? { age: numberFromInput(values.age) } : {}),
      email: values.email,
      phone: values.phone,
      city: values.city,
      ...(values.instituteName ? { instituteName: values.instituteName } : {}),
      categories: values.categories,
      agreeTerms: values.agreeTerms as true,
      // The family's emails go out in the language they registered in.
      language: lang,
      ...(isParticipant
        ? {
            guardianName: values.guardianName,
            privacyConsent: values.privacyConsent,
            // The notice the checkbox links to is always the current one.
            privacyNoticeVersion: PRIVACY_NOTICE.version,
            consentChannel,
            ...(values.consentedAt ? { consentedAt: values.consentedAt } : {}),
          }
        : {}),
    };
    let submission: Awaited<ReturnType<typeof loadSaving>>;
    try {
      submission = await loadSaving();
    } catch {
      setFailed(true);
      return;
    }
    setSaving(true);
    try {
      const result = save && !editing ? await save(input) : await submission.saveRegistration(input, editing ? 'edit' : 'new');
      if (!result.saved) {
        form.show(result.errors);
        return;
      }
      if (editing) onEdited?.();
      else setSuccess({ id: input.id, code: input.referenceCode });
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  if (success) {
    return (
      <Suspense fallback={<h2>{t('registration.success')}</h2>}>
        <SuccessPanel id={success.id} code={success.code} />
      </Suspense>
    );
  }

  return (
    <>
      {previous && !editing ? (
        <Suspense fallback={null}>
          <PreviousRegistration id={previous.id} code={previous.code} />
        </Suspense>
      ) : null}
      <Form ref={formRef} className="form form--card" onSubmit={onSubmit} needsJavaScript={t('noscript.form', { task: t('registration.task'), phone: CONTACT.phone })}>
        <fieldset className="form-choices registration-form__type">
          <legend>{t('form.registeringAs')}</legend>
          {(['participant', 'institute'] as const).map((type) => (
            <label key={type} className={`type-toggle${values.type === type ? ' is-active' : ''}`}>
              <input type="radio" name="type" value={type} checked={values.type === type} onChange={() => set('type', type)} />
              {type === 'participant' ? t('form.participant') : t('form.institute')}
            </label>
          ))}
        </fieldset>

        {isParticipant ? (
          <FormField label={t('form.name')} {...form.field('name')}>
            {(control) => <input {...control} type="text" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} />}
          </FormField>
        ) : null}

        <FormField label={t('form.instituteName')} note={isParticipant ? t('form.optional') : undefined} {...form.field('instituteName')}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="organization"
              value={values.instituteName}
              onChange={(e) => set('instituteName', e.target.value)}
            />
          )}
        </FormField>

        <FormField label={t('form.categories')} {...form.field('categories')}>
          {(control, labelId) => (
            <CategorySelect control={control} labelId={labelId} selected={values.categories} onChange={(next) => set('categories', next)} />
          )}
        </FormField>

        {isParticipant ? (
          <FormField
            label={range.unit === 'months' ? t('form.ageMonths') : t('form.ageYears')}
            hint={
              range.unit === 'months'
                ? range.min <= range.max
                  ? t('form.ageMonths.hint', { min: range.min, max: range.max })
                  : t('form.ageMonths.overlap')
                : t('form.ageYears.hint', { min: range.min, max: range.max })
            }
            {...form.field('age')}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={range.min}
                max={range.max}
                step={1}
                value={values.age}
                onChange={(e) => set('age', e.target.value)}
              />
            )}
          </FormField>
        ) : null}

        <FormField label={t('form.email')} {...form.field('email')}>
          {(control) => <input {...control} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />}
        </FormField>

        <FormField label={t('form.phone')} {...form.field('phone')}>
          {(control) => <input {...control} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />}
        </FormField>

        <FormField label={t('form.city')} {...form.field('city')}>
          {(control) => (
            <input {...control} type="text" autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} />
          )}
        </FormField>

        {isParticipant ? (
          <fieldset className="registration-form__consent">
            <legend>{t('form.consent.legend')}</legend>
            <FormField
              label={t('form.guardianName')}
              hint={t('form.guardianName.hint')}
              {...form.field('guardianName')}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  autoComplete="name"
                  value={values.guardianName}
                  onChange={(e) => set('guardianName', e.target.value)}
                />
              )}
            </FormField>
            <FormField
              layout="check"
              label={
                <>
                  {t('form.consentBefore')}{' '}
                  <Link to={to('/privacy')} target="_blank">
                    {t('form.privacyNotice')}
                  </Link>
                  {t('form.consentAfter')}
                </>
              }
              {...form.field('privacyConsent')}
            >
              {(control) => (
                <input
                  {...control}
                  type="checkbox"
                  checked={values.privacyConsent}
                  onChange={(e) => {
                    const checked = e.target.checked;
                    setValues((current) => ({ ...current, privacyConsent: checked, consentedAt: checked ? new Date().toISOString() : null }));
                    setFailed(false);
                    clear('privacyConsent');
                  }}
                />
              )}
            </FormField>
          </fieldset>
        ) : null}

        <FormField
          layout="check"
          announceError
          label={
            <>
              {t('form.agree')}{' '}
              <Link to={to('/terms')} target="_blank">
                {t('form.terms')}
              </Link>
              {t('form.agreeAfter')}
            </>
          }
          {...form.field('agreeTerms')}
        >
          {(control) => (
            <input {...control} type="checkbox" checked={values.agreeTerms} onChange={(e) => set('agreeTerms', e.target.checked)} />
          )}
        </FormField>
        <div role="alert" className="form__status">
          {failed ? <p className="form-notice form-notice--error">{t('registration.failed')}</p> : null}
        </div>

        <SubmitButton busy={saving} className="form__submit">
          {editing ? t('form.submitAgain') : saving ? t('form.submitting') : isParticipant ? t('form.submitChild') : t('form.submitInstitute')}
        </SubmitButton>
      </Form>
    </>
  );
}
