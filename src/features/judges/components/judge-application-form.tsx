import { JUDGE_BIO_MAX, JUDGE_EXPERIENCE, JUDGE_EXPERTISE } from '@domain/judge-rules';
import type { FieldErrors } from '@domain/validation';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import { scalePhoto, type ScaledPhoto } from '../utils/scale-photo';

/** zod, Dexie and the sync engine: fetched once the form is touched, and awaited on submit. */
const loadSaving = () => import('../api/save-judge-application');
const SavedNotice = lazy(() => import('./judge-saved-notice').then((m) => ({ default: m.JudgeSavedNotice })));

type Values = { name: string; expertise: string; experience: string; bio: string };
const blank: Values = { name: '', expertise: '', experience: '', bio: '' };
const ORDER = ['photo', 'name', 'expertise', 'experience', 'bio'] as const;

export function JudgeApplicationForm() {
  const [values, setValues] = useState<Values>(blank);
  const [photo, setPhoto] = useState<ScaledPhoto | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const prefix = useId();
  const ids = (field: string) => ({ input: `${prefix}-${field}`, error: `${prefix}-${field}-error` });

  usePreloadWhenFormTouched(loadSaving);

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const set = (key: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFailed(false);
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  async function onPhoto(file: File | undefined) {
    setErrors(({ photo: _removed, ...rest }) => rest);
    if (!file) return;
    setPreparing(true);
    try {
      setPhoto(await scalePhoto(file));
    } catch (error) {
      setPhoto(null);
      setPreview(null);
      setErrors((current) => ({ ...current, photo: error instanceof Error ? error.message : 'That photo could not be used.' }));
    } finally {
      setPreparing(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || preparing) return;
    const id = crypto.randomUUID();
    setSaving(true);
    try {
      const { saveJudgeApplication } = await loadSaving();
      const result = await saveJudgeApplication({ id, ...values }, photo ? { blob: photo.blob, name: photo.name } : null);
      if (!result.saved) {
        const found = { ...result.errors, ...(errors.photo ? { photo: errors.photo } : {}) };
        setErrors(found);
        const first = ORDER.find((field) => field in found);
        if (first) document.getElementById(ids(first).input)?.focus();
        return;
      }
      setSavedId(id);
      setValues(blank);
      setPhoto(null);
      setPreview(null);
      setErrors({});
      if (fileRef.current) fileRef.current.value = '';
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  const fieldProps = (field: string) => ({
    id: ids(field).input,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? ids(field).error : undefined,
  });
  const errorOf = (field: string) =>
    errors[field] ? (
      <p id={ids(field).error} className="judge-form__error">
        {errors[field]}
      </p>
    ) : null;
  const bioLeft = JUDGE_BIO_MAX - values.bio.length;

  return (
    <form className="judge-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div role="status" className="judge-form__status">
        {savedId ? (
          <Suspense fallback={<p>Thank you for applying to our teaching panel!</p>}>
            <SavedNotice id={savedId} />
          </Suspense>
        ) : null}
      </div>
      <div className="judge-form__photo">
        <div className="judge-form__preview" aria-hidden={preview ? undefined : true}>
          {preview ? <img src={preview} alt="Your chosen profile" /> : <span className="judge-form__placeholder" />}
        </div>
        <div className="judge-form__field">
          <label htmlFor={ids('photo').input}>Profile image</label>
          <input
            ref={fileRef}
            {...fieldProps('photo')}
            aria-describedby={[errors.photo ? ids('photo').error : null, `${prefix}-photo-hint`].filter(Boolean).join(' ')}
            type="file"
            accept="image/*"
            onChange={(event) => void onPhoto(event.target.files?.[0])}
          />
          <p id={`${prefix}-photo-hint`} className="judge-form__hint">
            {preparing
              ? 'Preparing the photo…'
              : photo
                ? `Ready: ${photo.width} × ${photo.height} px, ${Math.ceil(photo.blob.size / 1024)} KB.`
                : 'Optional. Large photos are made smaller on this device before sending.'}
          </p>
          {errorOf('photo')}
        </div>
      </div>

      <div className="judge-form__field">
        <label htmlFor={ids('name').input}>Name</label>
        <input {...fieldProps('name')} type="text" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />
        {errorOf('name')}
      </div>

      <div className="judge-form__field">
        <label htmlFor={ids('expertise').input}>Expertise</label>
        <select {...fieldProps('expertise')} value={values.expertise} onChange={(e) => set('expertise', e.target.value)}>
          <option value="">Choose your expertise</option>
          {JUDGE_EXPERTISE.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {errorOf('expertise')}
      </div>

      <div className="judge-form__field">
        <label htmlFor={ids('experience').input}>Experience (years)</label>
        <input
          {...fieldProps('experience')}
          type="number"
          inputMode="numeric"
          min={JUDGE_EXPERIENCE.min}
          max={JUDGE_EXPERIENCE.max}
          step={1}
          value={values.experience}
          onChange={(e) => set('experience', e.target.value)}
        />
        {errorOf('experience')}
      </div>

      <div className="judge-form__field">
        <label htmlFor={ids('bio').input}>Short Bio</label>
        <textarea
          {...fieldProps('bio')}
          aria-describedby={[errors.bio ? ids('bio').error : null, `${prefix}-bio-count`].filter(Boolean).join(' ')}
          rows={5}
          maxLength={JUDGE_BIO_MAX}
          value={values.bio}
          onChange={(e) => set('bio', e.target.value)}
        />
        <p id={`${prefix}-bio-count`} className={`judge-form__hint${bioLeft < 50 ? ' is-near-limit' : ''}`}>
          {values.bio.length} / {JUDGE_BIO_MAX} characters
        </p>
        {errorOf('bio')}
      </div>

      {failed ? (
        <p className="judge-form__error" role="alert">
          Your application could not be saved on this device. Please try again.
        </p>
      ) : null}
      <button type="submit" className="button button--primary judge-form__submit" disabled={saving || preparing}>
        {saving ? 'Saving…' : 'Apply Now'}
      </button>
    </form>
  );
}
