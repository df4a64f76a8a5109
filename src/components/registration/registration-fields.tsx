import { ageRangeFor } from '@domain/age-bands';
import { isCategorySlug, type CategorySlug } from '@domain/categories';
import type { RegistrationType } from '@domain/registration-rules';
import { numberFromInput } from '@domain/validation';
import type { ReactNode } from 'react';
import { FormField, WholeNumberInput } from '@/components/form/form-field';
import { useT } from '@/lib/i18n/use-t';
import { CategoryPicker } from './category-picker';

/**
 * The one set of a registration's fields (ADR 011, 014): the new registration, the walk-in at a
 * venue, the family's correction and the admin's inline edit all draw these, with the same
 * labels, hints and input types, and send them to the same shared schemas.
 */

/** What a person types, as text (the schemas parse it). */
export type RegistrationDraft = {
  name: string;
  age: string;
  email: string;
  phone: string;
  city: string;
  instituteName: string;
  categories: CategorySlug[];
};
export type RegistrationFieldKey = keyof RegistrationDraft;
export type DraftChange = <K extends RegistrationFieldKey>(key: K, value: RegistrationDraft[K]) => void;

export const EMPTY_DRAFT: RegistrationDraft = { name: '', age: '', email: '', phone: '', city: '', instituteName: '', categories: [] };

/** A stored or queued registration as a draft to edit. */
export function draftOf(r: {
  name?: string | null;
  age?: unknown;
  email: string;
  phone: string;
  city: string;
  instituteName?: string | null;
  categories: readonly string[];
}): RegistrationDraft {
  return {
    name: r.name ?? '',
    age: r.age === undefined || r.age === null ? '' : String(r.age),
    email: r.email,
    phone: r.phone,
    city: r.city,
    instituteName: r.instituteName ?? '',
    categories: r.categories.filter(isCategorySlug),
  };
}

/** The draft as the shared schemas take it: a child's name and age only for a participant, empty fields left out. */
export function detailsOf(type: RegistrationType, draft: RegistrationDraft) {
  const isParticipant = type === 'participant';
  return {
    type,
    ...(isParticipant && draft.name ? { name: draft.name } : {}),
    ...(isParticipant && draft.age !== '' ? { age: numberFromInput(draft.age) as number } : {}),
    email: draft.email,
    phone: draft.phone,
    city: draft.city,
    ...(draft.instituteName ? { instituteName: draft.instituteName } : {}),
    categories: draft.categories,
  };
}

type FieldState = { id: string; error?: string | undefined };

type FieldProps = {
  name: RegistrationFieldKey;
  type: RegistrationType;
  draft: RegistrationDraft;
  onChange: DraftChange;
  /** The form's `field(name)` (useFieldErrors): the control's id and its message. */
  field: (name: string) => FieldState;
  /** The admin table's dense cells, or a form's stacked fields. */
  layout?: 'stacked' | 'compact';
  /** The `<form>` the control belongs to, when it sits outside it (a table row's cells). */
  form?: string;
  /** A shorter label where the column header already says it ("Institute"). */
  label?: ReactNode;
  /** A contest's name in the picker, when the page shows it another way (the admin's short baby names). */
  categoryLabel?: (slug: CategorySlug) => string;
};

/** One field of the set; a participant's name and age are left out for an institute. */
export function RegistrationField({ name, type, draft, onChange, field, layout = 'stacked', form, label, categoryLabel }: FieldProps) {
  const { t } = useT();
  const isParticipant = type === 'participant';
  const compact = layout === 'compact';
  if (!isParticipant && (name === 'name' || name === 'age')) return null;
  const state = field(name);
  const text = (key: keyof typeof LABELS, inputType: 'text' | 'email' | 'tel', autoComplete: string) => (
    <FormField layout={layout} label={label ?? t(LABELS[key])} note={key === 'instituteName' && isParticipant && !compact ? t('form.optional') : undefined} {...state}>
      {(control) => (
        <input
          {...control}
          form={form}
          name={key}
          type={inputType}
          autoComplete={compact ? 'off' : autoComplete}
          value={draft[key]}
          onChange={(e) => onChange(key, e.target.value)}
        />
      )}
    </FormField>
  );
  switch (name) {
    case 'name':
      return text('name', 'text', 'off');
    case 'instituteName':
      return text('instituteName', 'text', 'organization');
    case 'email':
      return text('email', 'email', 'email');
    case 'phone':
      return text('phone', 'tel', 'tel');
    case 'city':
      return text('city', 'text', 'address-level2');
    case 'categories':
      return (
        <FormField layout={layout} label={label ?? t('form.categories')} {...state}>
          {(control, labelId) => (
            <CategoryPicker
              control={control}
              labelId={labelId}
              selected={draft.categories}
              onChange={(next) => onChange('categories', next)}
              labelOf={categoryLabel}
              inline={compact}
            />
          )}
        </FormField>
      );
    case 'age': {
      const range = ageRangeFor(draft.categories);
      const hint =
        range.unit === 'months'
          ? range.min <= range.max
            ? t('form.ageMonths.hint', { min: range.min, max: range.max })
            : t('form.ageMonths.overlap')
          : t('form.ageYears.hint', { min: range.min, max: range.max });
      return (
        <FormField layout={layout} label={label ?? (range.unit === 'months' ? t('form.ageMonths') : t('form.ageYears'))} hint={hint} {...state}>
          {(control) => (
            <WholeNumberInput
              {...control}
              form={form}
              name="age"
              min={range.min}
              max={range.max}
              value={draft.age}
              onValue={(value) => onChange('age', value)}
            />
          )}
        </FormField>
      );
    }
  }
}

const LABELS = {
  name: 'form.name',
  instituteName: 'form.instituteName',
  email: 'form.email',
  phone: 'form.phone',
  city: 'form.city',
} as const;

/** The order a form asks for them. */
const FORM_ORDER: readonly RegistrationFieldKey[] = ['name', 'instituteName', 'categories', 'age', 'email', 'phone', 'city'];

/** The whole set, stacked, in the form's order. */
export function RegistrationFields(props: Omit<FieldProps, 'name' | 'layout' | 'form' | 'label'>) {
  return (
    <>
      {FORM_ORDER.map((name) => (
        <RegistrationField key={name} name={name} {...props} />
      ))}
    </>
  );
}
