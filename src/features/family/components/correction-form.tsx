import { ageRangeFor } from '@domain/age-bands';
import { CATEGORIES, type CategorySlug } from '@domain/categories';
import { registrationUpdateSchema, type RegistrationUpdateInput } from '@domain/registration';
import { fieldErrorsOf, numberFromInput } from '@domain/validation';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useCorrectRegistration } from '../api/correct-registration';
import type { FamilyRegistration } from '../api/family-keys';

type Values = { name: string; age: string; email: string; phone: string; city: string; instituteName: string; categories: CategorySlug[] };

const valuesOf = (r: FamilyRegistration): Values => ({
  name: r.name ?? '',
  age: r.age === null ? '' : String(r.age),
  email: r.email,
  phone: r.phone,
  city: r.city,
  instituteName: r.instituteName ?? '',
  categories: [...r.categories],
});

/** Correcting a registration: the same schema and rules as the form and the admin's edit (domain/registration.ts). */
export function CorrectionForm({ token, registration, onDone }: { token: string; registration: FamilyRegistration; onDone: (saved: boolean) => void }) {
  const { t, lang } = useT();
  const [values, setValues] = useState<Values>(() => valuesOf(registration));
  const [version, setVersion] = useState(registration.version);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFieldErrors();
  const correct = useCorrectRegistration(token);
  const isParticipant = registration.type === 'participant';
  const range = ageRangeFor(values.categories);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    form.clear(key);
  };

  async function onSubmit() {
    setNotice(null);
    const input: RegistrationUpdateInput = {
      type: registration.type,
      ...(isParticipant && values.name ? { name: values.name } : {}),
      ...(isParticipant && values.age !== '' ? { age: numberFromInput(values.age) as number } : {}),
      email: values.email,
      phone: values.phone,
      city: values.city,
      ...(values.instituteName ? { instituteName: values.instituteName } : {}),
      categories: values.categories,
      version,
    };
    const parsed = registrationUpdateSchema.safeParse(input);
    if (!parsed.success) {
      form.show(fieldErrorsOf(parsed.error));
      return;
    }
    try {
      await correct.mutateAsync(input);
      onDone(true);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) form.show(error.fields);
      else if (error instanceof ApiRequestError && error.status === 409) {
        const current = error.body?.error.current as FamilyRegistration | undefined;
        if (current && typeof current === 'object' && 'version' in current) {
          setValues(valuesOf(current));
          setVersion(current.version);
          setNotice(t('family.correct.conflict'));
        } else setNotice(lang === 'en' ? error.message : t('family.correct.failed'));
      } else if (error instanceof ApiRequestError && error.body) setNotice(lang === 'en' ? error.message : t('family.correct.failed'));
      else setNotice(t('family.correct.offline'));
    }
  }

  return (
    <Form className="form form--card family-correction" onSubmit={onSubmit} aria-labelledby="correct-heading">
      <h3 id="correct-heading">{t('family.correct.title')}</h3>
      {isParticipant ? (
        <FormField label={t('field.name')} {...form.field('name')}>
          {(control) => <input {...control} type="text" value={values.name} onChange={(e) => set('name', e.target.value)} />}
        </FormField>
      ) : null}
      <FormField label={t('form.instituteName')} note={isParticipant ? t('form.optional') : undefined} {...form.field('instituteName')}>
        {(control) => (
          <input {...control} type="text" autoComplete="organization" value={values.instituteName} onChange={(e) => set('instituteName', e.target.value)} />
        )}
      </FormField>
      <FormField label={t('form.categories')} {...form.field('categories')}>
        {(control, labelId) => (
          <div id={control.id} role="group" aria-labelledby={labelId} aria-describedby={control['aria-describedby']} className="family-categories" tabIndex={-1}>
            {CATEGORIES.map((category) => (
              <label key={category.slug} className="family-categories__choice">
                <input
                  type="checkbox"
                  checked={values.categories.includes(category.slug)}
                  onChange={(e) =>
                    set(
                      'categories',
                      e.target.checked ? [...values.categories, category.slug] : values.categories.filter((slug) => slug !== category.slug),
                    )
                  }
                />
                {t(`category.${category.slug}`)}
              </label>
            ))}
          </div>
        )}
      </FormField>
      {isParticipant ? (
        <FormField
          label={range.unit === 'months' ? t('form.ageMonths') : t('form.ageYears')}
          hint={range.unit === 'months' ? t('family.correct.monthsHint') : t('family.correct.yearsHint', { min: range.min, max: range.max })}
          {...form.field('age')}
        >
          {(control) => (
            <input {...control} type="number" inputMode="numeric" step={1} value={values.age} onChange={(e) => set('age', e.target.value)} />
          )}
        </FormField>
      ) : null}
      <FormField label={t('field.email')} {...form.field('email')}>
        {(control) => <input {...control} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />}
      </FormField>
      <FormField label={t('field.phone')} {...form.field('phone')}>
        {(control) => <input {...control} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />}
      </FormField>
      <FormField label={t('form.city')} {...form.field('city')}>
        {(control) => (
          <input {...control} type="text" autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} />
        )}
      </FormField>
      <div role="alert" className="form__status">
        {notice ? <p className="form-notice form-notice--error">{notice}</p> : null}
      </div>
      <div className="family-actions">
        <SubmitButton busy={correct.isPending}>{correct.isPending ? t('family.correct.saving') : t('family.correct.save')}</SubmitButton>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('family.correct.cancel')}
        </button>
      </div>
    </Form>
  );
}
