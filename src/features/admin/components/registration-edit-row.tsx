import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { ageUnitFor } from '@domain/age-bands';
import type { CategorySlug } from '@domain/categories';
import { registrationUpdateSchema, type RegistrationUpdateInput } from '@domain/registration';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
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

function draftOf(r: AdminRegistration): Draft {
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

function updateInputOf(r: AdminRegistration, draft: Draft): RegistrationUpdateInput {
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
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'age', label: 'Age', type: 'number' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'city', label: 'City', type: 'text' },
  { key: 'instituteName', label: 'Institute', type: 'text' },
] as const;

/** A row in edit mode: labelled inputs checked by the shared update schema, Save and Cancel. */
export const RegistrationEditRow = forwardRef<HTMLTableRowElement, Props>(function RegistrationEditRow(
  { registration, rowIndex, dataIndex, saving, serverErrors, onSave, onCancel },
  ref,
) {
  const [draft, setDraft] = useState(() => draftOf(registration));
  const form = useFieldErrors();
  const formId = useId();
  const errors = { ...serverErrors, ...form.errors };
  const isInstitute = registration.type === 'institute';
  const ageUnit = ageUnitFor(draft.categories);
  const rowRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    rowRef.current?.querySelector('input')?.focus();
  }, []);

  function submit() {
    const input = updateInputOf(registration, draft);
    const parsed = registrationUpdateSchema.safeParse(input);
    if (!parsed.success) {
      form.show(fieldErrorsOf(parsed.error));
      return;
    }
    form.reset();
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
        if (isInstitute && (field.key === 'name' || field.key === 'age')) {
          return (
            <td key={field.key}>
              <span className="admin-muted">—</span>
            </td>
          );
        }
        return (
          <td key={field.key}>
            <FormField
              layout="compact"
              label={field.label}
              id={form.idFor(field.key)}
              error={errors[field.key]}
              hint={field.key === 'age' ? ageUnit : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  form={formId}
                  type={field.type}
                  inputMode={field.key === 'age' ? 'numeric' : undefined}
                  autoComplete="off"
                  value={draft[field.key]}
                  onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                />
              )}
            </FormField>
          </td>
        );
      })}
      <td>
        <FormField layout="compact" label="Categories" id={form.idFor('categories')} error={errors.categories}>
          {(control, labelId) => (
            <CategoryMultiSelect
              control={control}
              labelId={labelId}
              value={draft.categories}
              onChange={(categories) => setDraft({ ...draft, categories })}
            />
          )}
        </FormField>
      </td>
      <td>
        <Form id={formId} className="admin-actions" onSubmit={submit}>
          <SubmitButton busy={saving} className="button--small">
            {saving ? 'Saving…' : 'Save'}
          </SubmitButton>
          <button type="button" className="button button--small" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        </Form>
      </td>
    </tr>
  );
});
