import { ageRangeFor } from '@domain/age-bands';
import { isCategorySlug, type CategorySlug } from '@domain/categories';
import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';
import { TERMS_MESSAGE, type RegistrationType } from '@domain/registration-rules';
import { numberFromInput, type FieldErrors } from '@domain/validation';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import { CategorySelect } from './category-select';

import { FAILURE_MESSAGE, NOTICE_MS, SUCCESS_MESSAGE } from '../messages';

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
  };
}

type Props = {
  /** Preselected from `?category=<slug>`. */
  initialCategory?: string | null;
  /** Edit-and-resend: a stored registration the server refused. */
  editing?: { payload: RegistrationInput; fieldErrors: FieldErrors | null } | null;
  onEdited?: () => void;
};

const FIELD_ORDER = ['name', 'age', 'instituteName', 'email', 'phone', 'city', 'categories', 'agreeTerms'] as const;

export function RegistrationForm({ initialCategory = null, editing = null, onEdited }: Props) {
  const preselected: CategorySlug[] = initialCategory && isCategorySlug(initialCategory) ? [initialCategory] : [];
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing.payload) : blank(preselected)));
  const [errors, setErrors] = useState<FieldErrors>(editing?.fieldErrors ?? {});
  const [termsNotice, setTermsNotice] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<{ id: string; code: string } | null>(null);
  const [previous, setPrevious] = useState<{ id: string; code: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = useId();
  const ids = (field: string) => ({ input: `${prefix}-${field}`, error: `${prefix}-${field}-error` });

  usePreloadWhenFormTouched(loadSaving);

  useEffect(() => {
    if (!termsNotice) return;
    const timer = setTimeout(() => setTermsNotice(false), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [termsNotice]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      // A blank form, ready for the next child; the last code stays visible above it.
      setPrevious(success);
      setSuccess(null);
      setValues(blank(preselected));
      setErrors({});
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
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFailed(false);
    const input: RegistrationInput = {
      id: editing?.payload.id ?? crypto.randomUUID(),
      referenceCode: editing?.payload.referenceCode ?? createReferenceCode(),
      type: values.type,
      ...(isParticipant && values.name ? { name: values.name } : {}),
      ...(isParticipant && values.age !== '' ? { age: numberFromInput(values.age) as number } : {}),
      email: values.email,
      phone: values.phone,
      city: values.city,
      ...(values.instituteName ? { instituteName: values.instituteName } : {}),
      categories: values.categories,
      agreeTerms: values.agreeTerms as true,
    };
    let submission: Awaited<ReturnType<typeof loadSaving>>;
    try {
      submission = await loadSaving();
    } catch {
      setFailed(true);
      return;
    }
    const age = numberFromInput(values.age);
    const found = submission.checkRegistration(input, {
      type: values.type,
      name: values.name.trim() || undefined,
      age: typeof age === 'number' ? age : undefined,
      instituteName: values.instituteName.trim() || undefined,
    });
    if (found) {
      if (found.agreeTerms) {
        // The spec's own message, shown for 3 s; nothing is stored.
        delete found.agreeTerms;
        setTermsNotice(true);
      }
      setErrors(found);
      const first = FIELD_ORDER.find((field) => field in found || (field === 'agreeTerms' && !values.agreeTerms));
      if (first) document.getElementById(ids(first).input)?.focus();
      return;
    }
    setSaving(true);
    try {
      await submission.saveRegistration(input, editing ? 'edit' : 'new');
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
      <Suspense fallback={<h2>{SUCCESS_MESSAGE}</h2>}>
        <SuccessPanel id={success.id} code={success.code} />
      </Suspense>
    );
  }

  const fieldProps = (field: keyof Values & string) => ({
    id: ids(field).input,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? ids(field).error : undefined,
  });
  const errorOf = (field: string) =>
    errors[field] ? (
      <p id={ids(field).error} className="form-field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      {previous && !editing ? (
        <Suspense fallback={null}>
          <PreviousRegistration id={previous.id} code={previous.code} />
        </Suspense>
      ) : null}
      <form ref={formRef} className="registration-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset className="registration-form__type">
          <legend>Registering as</legend>
          {(['participant', 'institute'] as const).map((type) => (
            <label key={type} className={`type-toggle${values.type === type ? ' is-active' : ''}`}>
              <input type="radio" name="type" value={type} checked={values.type === type} onChange={() => set('type', type)} />
              {type === 'participant' ? 'Participant' : 'Institute'}
            </label>
          ))}
        </fieldset>

        {isParticipant ? (
          <div className="form-field">
            <label htmlFor={ids('name').input} className="form-field__label">
              Name
            </label>
            <input {...fieldProps('name')} type="text" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} />
            {errorOf('name')}
          </div>
        ) : null}

        <div className="form-field">
          <label htmlFor={ids('instituteName').input} className="form-field__label">
            Institute name{isParticipant ? <span className="form-field__optional"> (optional)</span> : null}
          </label>
          <input
            {...fieldProps('instituteName')}
            type="text"
            autoComplete="organization"
            value={values.instituteName}
            onChange={(e) => set('instituteName', e.target.value)}
          />
          {errorOf('instituteName')}
        </div>

        <div className="form-field">
          <CategorySelect
            buttonId={ids('categories').input}
            selected={values.categories}
            onChange={(next) => set('categories', next)}
            invalid={!!errors.categories}
            errorId={errors.categories ? ids('categories').error : undefined}
          />
          {errorOf('categories')}
        </div>

        {isParticipant ? (
          <div className="form-field">
            <label htmlFor={ids('age').input} className="form-field__label">
              Age {range.unit === 'months' ? '(in months)' : '(in years)'}
            </label>
            <input
              {...fieldProps('age')}
              aria-describedby={[errors.age ? ids('age').error : null, `${prefix}-age-hint`].filter(Boolean).join(' ')}
              type="number"
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={1}
              value={values.age}
              onChange={(e) => set('age', e.target.value)}
            />
            <p id={`${prefix}-age-hint`} className="form-field__hint">
              {range.unit === 'months'
                ? range.min <= range.max
                  ? `Baby contests take age in months: ${range.min} to ${range.max} months.`
                  : 'Crawling and Fastest Walking overlap only at 9 months.'
                : `Whole years, ${range.min} to ${range.max}.`}
            </p>
            {errorOf('age')}
          </div>
        ) : null}

        <div className="form-field">
          <label htmlFor={ids('email').input} className="form-field__label">
            Email
          </label>
          <input {...fieldProps('email')} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />
          {errorOf('email')}
        </div>

        <div className="form-field">
          <label htmlFor={ids('phone').input} className="form-field__label">
            Phone
          </label>
          <input {...fieldProps('phone')} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
          {errorOf('phone')}
        </div>

        <div className="form-field">
          <label htmlFor={ids('city').input} className="form-field__label">
            City
          </label>
          <input {...fieldProps('city')} type="text" autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} />
          {errorOf('city')}
        </div>

        <div className="form-field form-field--checkbox">
          <input
            id={ids('agreeTerms').input}
            type="checkbox"
            checked={values.agreeTerms}
            aria-invalid={termsNotice || undefined}
            aria-describedby={termsNotice ? ids('agreeTerms').error : undefined}
            onChange={(e) => {
              set('agreeTerms', e.target.checked);
              if (e.target.checked) setTermsNotice(false);
            }}
          />
          <label htmlFor={ids('agreeTerms').input}>
            I agree to the{' '}
            <Link to="/terms" target="_blank">
              terms and conditions
            </Link>
          </label>
        </div>
        <div role="alert" className="registration-form__alerts">
          {termsNotice ? (
            <p id={ids('agreeTerms').error} className="form-field__error">
              {TERMS_MESSAGE}
            </p>
          ) : null}
          {failed ? <p className="form-notice form-notice--error">{FAILURE_MESSAGE}</p> : null}
        </div>

        <button type="submit" className="button button--primary registration-form__submit" disabled={saving}>
          {editing ? 'Register again with these corrections' : saving ? 'Registering…' : isParticipant ? 'Register child' : 'Register institute'}
        </button>
      </form>
    </>
  );
}
