import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { registrationUpdateSchema, type RegistrationUpdateInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import { Form, SubmitButton } from '@/components/form/form';
import { useFieldErrors } from '@/components/form/use-field-errors';
import {
  detailsOf,
  draftOf,
  RegistrationField,
  type DraftChange,
  type RegistrationDraft,
  type RegistrationFieldKey,
} from '@/components/registration/registration-fields';
import type { AdminRegistration } from '../api/get-registrations';
import { categoryLabel } from '../utils/format';
import { FEE_TEXT } from './registration-row';

function updateInputOf(r: AdminRegistration, draft: RegistrationDraft): RegistrationUpdateInput {
  return { ...detailsOf(r.type, draft), version: r.version };
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

/** The table's editable columns, in order (the reference code sits after the name); the labels are the headers' words. */
const COLUMNS: readonly { name: RegistrationFieldKey; label: string }[] = [
  { name: 'name', label: 'Name' },
  { name: 'age', label: 'Age' },
  { name: 'email', label: 'Email' },
  { name: 'phone', label: 'Phone' },
  { name: 'city', label: 'City' },
  { name: 'instituteName', label: 'Institute' },
  { name: 'categories', label: 'Categories' },
];

/** A row in edit mode: labelled inputs checked by the shared update schema, Save and Cancel. */
export const RegistrationEditRow = forwardRef<HTMLTableRowElement, Props>(function RegistrationEditRow(
  { registration, rowIndex, dataIndex, saving, serverErrors, onSave, onCancel },
  ref,
) {
  const [draft, setDraft] = useState(() => draftOf(registration));
  const set: DraftChange = (key, value) => setDraft((current) => ({ ...current, [key]: value }));
  const form = useFieldErrors();
  const formId = useId();
  const errors = { ...serverErrors, ...form.errors };
  const field = (name: string) => ({ id: form.idFor(name), error: errors[name] });
  const rowRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    rowRef.current?.querySelector('input')?.focus();
  }, []);

  function submit() {
    const input = updateInputOf(registration, draft);
    if (!form.check(registrationUpdateSchema, input)) return;
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
      {COLUMNS.flatMap((column) => [
        <td key={column.name}>
          <RegistrationField
            name={column.name}
            type={registration.type}
            draft={draft}
            onChange={set}
            field={field}
            layout="compact"
            form={formId}
            label={column.label}
            categoryLabel={categoryLabel}
          />
          {registration.type === 'institute' && (column.name === 'name' || column.name === 'age') ? <span className="admin-muted">—</span> : null}
        </td>,
        // The reference code column: fixed for good, so shown, never edited.
        column.name === 'name' ? (
          <td key="code" className="admin-ref">
            {registration.referenceCode}
          </td>
        ) : null,
      ])}
      {/* The cash fee is recorded in venue mode, not edited here. */}
      <td className="admin-nowrap">{registration.venueFee ? FEE_TEXT[registration.venueFee] : '—'}</td>
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
