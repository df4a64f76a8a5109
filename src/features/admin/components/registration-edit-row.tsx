import { forwardRef, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ageUnitFor } from '@domain/age-bands';
import type { CategorySlug } from '@domain/categories';
import { registrationUpdateSchema, type RegistrationUpdateInput } from '@domain/registration';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import type { AdminRegistration } from '../api/get-registrations';
import { CategoryMultiSelect } from './category-multi-select';

type Draft = {
  name: string;
  age: string;
  email: string;
  phone: string;
  city: string;
  instituteName: string;
  categories: CategorySlug[];
};

export function draftOf(r: AdminRegistration): Draft {
  return {
    name: r.name ?? '',
    age: r.age === null ? '' : String(r.age),
    email: r.email,
    phone: r.phone,
    city: r.city,
    instituteName: r.instituteName ?? '',
    categories: [...r.categories],
  };
}

export function updateInputOf(r: AdminRegistration, draft: Draft): RegistrationUpdateInput {
  const isInstitute = r.type === 'institute';
  return {
    type: r.type,
    name: isInstitute ? undefined : draft.name,
    age: isInstitute || draft.age.trim() === '' ? undefined : Number(draft.age),
    email: draft.email,
    phone: draft.phone,
    city: draft.city,
    instituteName: draft.instituteName,
    categories: draft.categories,
    version: r.version,
  };
}

type Props = {
  registration: AdminRegistration;
  rowIndex: number;
  dataIndex: number;
  saving: boolean;
  /** Field errors the server sent back (422). */
  serverErrors: FieldErrors;
  onSave: (input: RegistrationUpdateInput) => void;
  onCancel: () => void;
};

const TEXT_FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'off' },
  { key: 'age', label: 'Age', type: 'number', autoComplete: 'off' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  { key: 'city', label: 'City', type: 'text', autoComplete: 'off' },
  { key: 'instituteName', label: 'Institute', type: 'text', autoComplete: 'off' },
] as const;

/** A row in edit mode: labelled inputs checked by the shared update schema, Save and Cancel. */
export const RegistrationEditRow = forwardRef<HTMLTableRowElement, Props>(function RegistrationEditRow(
  { registration, rowIndex, dataIndex, saving, serverErrors, onSave, onCancel },
  ref,
) {
  const [draft, setDraft] = useState(() => draftOf(registration));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const formId = useId();
  const errors = { ...serverErrors, ...localErrors };
  const isInstitute = registration.type === 'institute';
  const ageUnit = ageUnitFor(draft.categories);
  const rowRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    rowRef.current?.querySelector('input')?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = updateInputOf(registration, draft);
    const parsed = registrationUpdateSchema.safeParse(input);
    if (!parsed.success) {
      setLocalErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setLocalErrors({});
    onSave(input);
  }

  return (
    <tr
      ref={(element) => {
        rowRef.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className="admin-row admin-row--editing" data-index={dataIndex} aria-rowindex={rowIndex}>
      {TEXT_FIELDS.map((field) => {
        const id = `${formId}-${field.key}`;
        const errorId = `${id}-error`;
        const error = errors[field.key];
        if (isInstitute && (field.key === 'name' || field.key === 'age')) {
          return (
            <td key={field.key}>
              <span className="admin-muted">—</span>
            </td>
          );
        }
        return (
          <td key={field.key}>
            <label htmlFor={id} className="admin-edit__label">
              {field.label}
            </label>
            <input
              id={id}
              form={formId}
              className="admin-edit__input"
              type={field.type}
              inputMode={field.key === 'age' ? 'numeric' : undefined}
              autoComplete={field.autoComplete}
              value={draft[field.key]}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={[field.key === 'age' ? `${id}-unit` : '', error ? errorId : ''].join(' ').trim() || undefined}
            />
            {field.key === 'age' && (
              <span id={`${id}-unit`} className="admin-edit__hint">
                {ageUnit}
              </span>
            )}
            {error && (
              <p id={errorId} className="admin-field-error">
                {error}
              </p>
            )}
          </td>
        );
      })}
      <td>
        <CategoryMultiSelect
          value={draft.categories}
          onChange={(categories) => setDraft({ ...draft, categories })}
          error={errors.categories}
          errorId={`${formId}-categories-error`}
        />
      </td>
      <td>
        <form id={formId} className="admin-actions" onSubmit={submit} noValidate>
          <button type="submit" className="button button--small button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button button--small" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        </form>
      </td>
    </tr>
  );
});
