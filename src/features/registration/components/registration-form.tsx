import { useT } from '@/lib/i18n/use-t';
import { isCategorySlug, type CategorySlug } from '@domain/categories';
import { referenceCodeOf } from '@domain/reference-code';
import { CONTACT, PRIVACY_NOTICE } from '@domain/season';
import type { RegistrationInput } from '@domain/registration';
import type { ConsentChannel } from '@domain/consent';
import type { RegistrationType } from '@domain/registration-rules';
import type { FieldErrors } from '@domain/validation';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { FormOutcome } from '@/components/form/problem-notice';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import { takeEarlySubmit } from '@/lib/early-taps/early-taps';
import type { SaveResult } from '@/lib/outbox';
import { AgreementLabel, ConsentFields } from '@/components/registration/consent-fields';
import { detailsOf, draftOf, EMPTY_DRAFT, RegistrationFields, type RegistrationDraft } from '@/components/registration/registration-fields';

import { NOTICE_MS } from '../messages';

/** zod, Dexie and the sync engine: fetched once the form is touched, and awaited on submit. */
const loadSaving = () => import('../api/save-registration');
/** The success screen: fetched with the saving code, so it shows even when the network went away meanwhile. */
const loadStatus = () => import('./registration-status');
const loadForSubmit = () => Promise.all([loadSaving(), loadStatus()]).then(([saving]) => saving);
const SuccessPanel = lazy(() => loadStatus().then((m) => ({ default: m.SuccessPanel })));
const PreviousRegistration = lazy(() => loadStatus().then((m) => ({ default: m.PreviousRegistration })));

type Values = RegistrationDraft & {
  type: RegistrationType;
  agreeTerms: boolean;
  /** A child's registration: the parent's or guardian's consent (docs/api.md, "Language and consent"). */
  guardianName: string;
  privacyConsent: boolean;
  /** When the consent box was ticked, on this device; travels with the queued record. */
  consentedAt: string | null;
};

const blank = (categories: CategorySlug[] = []): Values => ({
  ...EMPTY_DRAFT,
  type: 'participant',
  categories,
  agreeTerms: false,
  guardianName: '',
  privacyConsent: false,
  consentedAt: null,
});

/**
 * What was typed, chosen or ticked before the page's script ran (ADR 031): the form is usable from
 * first paint, and React does not read the fields when it takes the page over. Null if untouched.
 */
function typedBeforeScript(form: HTMLFormElement, current: Values): Partial<Values> | null {
  const data = new FormData(form);
  const typed: Partial<Values> = {};
  for (const key of ['name', 'age', 'email', 'phone', 'city', 'instituteName', 'guardianName'] as const) {
    const value = data.get(key);
    if (typeof value === 'string' && value !== current[key]) typed[key] = value;
  }
  const type = data.get('type');
  if ((type === 'participant' || type === 'institute') && type !== current.type) typed.type = type;
  const categories = data.getAll('categories').filter((slug): slug is CategorySlug => typeof slug === 'string' && isCategorySlug(slug));
  if (categories.length > 0 && categories.join() !== current.categories.join()) typed.categories = categories;
  if (data.has('agreeTerms') !== current.agreeTerms) typed.agreeTerms = data.has('agreeTerms');
  if (data.has('privacyConsent') !== current.privacyConsent) typed.privacyConsent = data.has('privacyConsent');
  return Object.keys(typed).length > 0 ? typed : null;
}

/** The record's id: the one the page made when the form was first sent (kept in the form), or a new one. */
function formId(input: HTMLInputElement | null): string {
  if (input?.value) return input.value;
  const id = crypto.randomUUID();
  if (input) input.value = id;
  return id;
}

function valuesOf(payload: RegistrationInput): Values {
  return {
    ...draftOf(payload),
    type: payload.type,
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
  const idRef = useRef<HTMLInputElement>(null);
  const { clear, reset } = form;
  // A venue's walk-in or a correction saves its own way; a new registration from the website can
  // also be sent by the browser itself before the script runs (ADR 031).
  const postsItself = !save && !editing;

  // Runs as React takes the prerendered form over, before anything re-renders its fields. A form
  // the browser already sent that is still here (the server wants a correction, or there was no
  // connection) sends itself again, in a task of its own: by then the fields' values are read.
  useLayoutEffect(() => {
    if (!postsItself || !formRef.current) return;
    const form = formRef.current;
    setValues((current) => {
      const typed = typedBeforeScript(form, current);
      return typed ? { ...current, ...typed } : current;
    });
    if (takeEarlySubmit(form)) setTimeout(() => form.requestSubmit(), 0);
    // Once, as the form is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // `?category=` arrives after hydration: it fills the contests unless some are chosen already.
  const [categoryFromLink, setCategoryFromLink] = useState(initialCategory);
  if (initialCategory !== categoryFromLink) {
    setCategoryFromLink(initialCategory);
    if (!editing && preselected.length > 0 && values.categories.length === 0) setValues({ ...values, categories: preselected });
  }

  usePreloadWhenFormTouched(loadForSubmit);

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
    // preselected is the render's own: the contest the page was opened for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [success]);

  const isParticipant = values.type === 'participant';

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFailed(false);
    clear(key);
  };

  async function onSubmit() {
    if (saving) return;
    setFailed(false);
    const id = editing?.payload.id ?? formId(idRef.current);
    const input: RegistrationInput = {
      id,
      referenceCode: editing?.payload.referenceCode ?? referenceCodeOf(id),
      ...detailsOf(values.type, values),
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
      submission = await loadForSubmit();
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
      <Form
        ref={formRef}
        className="form form--card"
        onSubmit={onSubmit}
        action={postsItself ? to('/registration') : undefined}
        needsJavaScript={t('noscript.form', { task: t('registration.task'), phone: CONTACT.phone })}
      >
        <fieldset className="form-choices registration-form__type">
          <legend>{t('form.registeringAs')}</legend>
          {(['participant', 'institute'] as const).map((type) => (
            <label key={type} className={`button type-toggle${values.type === type ? ' is-active' : ''}`}>
              <input type="radio" name="type" value={type} checked={values.type === type} onChange={() => set('type', type)} />
              {type === 'participant' ? t('form.participant') : t('form.institute')}
            </label>
          ))}
        </fieldset>

        <RegistrationFields type={values.type} draft={values} onChange={(key, value) => set(key, value as Values[typeof key])} field={form.field} />

        {isParticipant ? (
          <ConsentFields
            value={values}
            onGuardianName={(name) => set('guardianName', name)}
            onConsent={(given, at) => {
              setValues((current) => ({ ...current, privacyConsent: given, consentedAt: at }));
              setFailed(false);
              clear('privacyConsent');
            }}
            field={form.field}
          />
        ) : null}

        <FormField
          layout="check"
          announceError
          label={<AgreementLabel before={t('form.agree')} page="/terms" link={t('form.terms')} after={t('form.agreeAfter')} />}
          {...form.field('agreeTerms')}
        >
          {(control) => (
            <input {...control} type="checkbox" name="agreeTerms" checked={values.agreeTerms} onChange={(e) => set('agreeTerms', e.target.checked)} />
          )}
        </FormField>
        <FormOutcome kind="error" message={failed ? t('registration.failed') : null} />

        {/* The record's id, made when the form is first sent (src/lib/early-taps/early-taps.ts before the page is live, formId after). */}
        {postsItself ? <input ref={idRef} type="hidden" name="id" /> : null}
        <SubmitButton busy={saving} className="form__submit">
          {editing ? t('form.submitAgain') : saving ? t('form.submitting') : isParticipant ? t('form.submitChild') : t('form.submitInstitute')}
        </SubmitButton>
      </Form>
    </>
  );
}
