import { JUDGE_BIO_MAX, JUDGE_EXPERIENCE, JUDGE_EXPERTISE } from '@domain/judge-rules';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField, WholeNumberInput } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { CONTACT } from '@/config/season';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import { useT } from '@/lib/i18n/use-t';
import { NotAnImageError, scalePhoto, type ScaledPhoto } from '../utils/scale-photo';

/** zod, Dexie and the sync engine: fetched once the form is touched, and awaited on submit. */
const loadSaving = () => import('../api/save-judge-application');
const SavedNotice = lazy(() => import('./judge-saved-notice').then((m) => ({ default: m.JudgeSavedNotice })));

type Values = { name: string; email: string; expertise: string; experience: string; bio: string };
const blank: Values = { name: '', email: '', expertise: '', experience: '', bio: '' };

export function JudgeApplicationForm() {
  const { t } = useT();
  const [values, setValues] = useState<Values>(blank);
  const [photo, setPhoto] = useState<(ScaledPhoto & { preview: string }) | null>(null);
  const [preparing, setPreparing] = useState(false);
  const form = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  usePreloadWhenFormTouched(loadSaving);

  // A replaced or cleared photo gives its preview's memory back.
  useEffect(() => {
    if (!photo) return;
    const { preview } = photo;
    return () => URL.revokeObjectURL(preview);
  }, [photo]);

  const set = (key: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFailed(false);
    form.clear(key);
  };

  async function onPhoto(file: File | undefined) {
    form.clear('photo');
    if (!file) return;
    setPreparing(true);
    try {
      const scaled = await scalePhoto(file);
      setPhoto({ ...scaled, preview: URL.createObjectURL(scaled.blob) });
    } catch (error) {
      setPhoto(null);
      form.set('photo', error instanceof NotAnImageError || !(error instanceof Error) ? t('judge.photo.notImage') : error.message);
    } finally {
      setPreparing(false);
    }
  }

  async function onSubmit() {
    if (saving || preparing) return;
    const id = crypto.randomUUID();
    setSaving(true);
    try {
      const { saveJudgeApplication } = await loadSaving();
      const result = await saveJudgeApplication({ id, ...values }, photo ? { blob: photo.blob, name: photo.name } : null);
      if (!result.saved) {
        form.show({ ...result.errors, ...(form.errors.photo ? { photo: form.errors.photo } : {}) });
        return;
      }
      setSavedId(result.id);
      setValues(blank);
      setPhoto(null);
      form.reset();
      if (fileRef.current) fileRef.current.value = '';
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  const bioLeft = JUDGE_BIO_MAX - values.bio.length;

  return (
    <Form className="form form--card" onSubmit={onSubmit} needsJavaScript={t('noscript.form', { task: t('judge.task'), phone: CONTACT.phone })}>
      <div role="status" className="form__status">
        {savedId ? (
          <Suspense fallback={<p>{t('judge.thanks')}</p>}>
            <SavedNotice id={savedId} />
          </Suspense>
        ) : null}
      </div>
      <div className="judge-form__photo">
        <div className="judge-form__preview" aria-hidden={photo ? undefined : true}>
          {photo ? <img src={photo.preview} alt={t('judge.photoAlt')} /> : <span className="judge-form__placeholder" />}
        </div>
        <FormField
          label={t('judge.photo')}
          hint={
            preparing
              ? t('judge.photo.preparing')
              : photo
                ? t('judge.photo.ready', { width: photo.width, height: photo.height, kb: Math.ceil(photo.blob.size / 1024) })
                : t('judge.photo.hint')
          }
          {...form.field('photo')}
        >
          {(control) => (
            <input ref={fileRef} {...control} type="file" accept="image/*" onChange={(event) => void onPhoto(event.target.files?.[0])} />
          )}
        </FormField>
      </div>

      <FormField label={t('field.name')} {...form.field('name')}>
        {(control) => <input {...control} type="text" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />}
      </FormField>

      <FormField label={t('field.email')} hint={t('judge.emailHint')} {...form.field('email')}>
        {(control) => (
          <input {...control} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />
        )}
      </FormField>

      <FormField label={t('judge.expertise')} {...form.field('expertise')}>
        {(control) => (
          <select {...control} value={values.expertise} onChange={(e) => set('expertise', e.target.value)}>
            <option value="">{t('judge.expertise.choose')}</option>
            {JUDGE_EXPERTISE.map((option) => (
              <option key={option} value={option}>
                {t(`judge.expertise.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <FormField label={t('judge.experience')} {...form.field('experience')}>
        {(control) => (
          <WholeNumberInput
            {...control}
            min={JUDGE_EXPERIENCE.min}
            max={JUDGE_EXPERIENCE.max}
            value={values.experience}
            onValue={(value) => set('experience', value)}
          />
        )}
      </FormField>

      <FormField
        label={t('judge.bio')}
        hint={<span className={bioLeft < 50 ? 'is-near-limit' : undefined}>{t('judge.bioCount', { count: values.bio.length, max: JUDGE_BIO_MAX })}</span>}
        {...form.field('bio')}
      >
        {(control) => (
          <textarea {...control} rows={5} maxLength={JUDGE_BIO_MAX} value={values.bio} onChange={(e) => set('bio', e.target.value)} />
        )}
      </FormField>

      {failed ? (
        <p className="form-notice form-notice--error" role="alert">
          {t('judge.failed')}
        </p>
      ) : null}
      <SubmitButton busy={saving || preparing} className="form__submit">
        {saving ? t('judge.saving') : t('judge.apply')}
      </SubmitButton>
    </Form>
  );
}
