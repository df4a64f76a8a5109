import { useCallback, useId, useRef, useState } from 'react';
import { CATEGORIES, type CategorySlug } from '@domain/categories';
import type { FieldControl } from '@/components/form/form-field';
import { useDismiss } from '../hooks/use-dismiss';
import { categoryLabel } from '../utils/format';

type Props = {
  value: CategorySlug[];
  onChange: (value: CategorySlug[]) => void;
  /** From the `FormField` around it: the button's id, and its label, hint and error. */
  control: FieldControl;
  labelId: string;
};

/**
 * The inline edit's category picker: a button that opens a list of checkboxes (Tab and Space
 * work as anywhere else). The list opens in the row itself, so the table's scroll box never clips it.
 */
export function CategoryMultiSelect({ value, onChange, control, labelId }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => {
    setOpen(false);
    if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  function toggle(slug: CategorySlug) {
    onChange(value.includes(slug) ? value.filter((s) => s !== slug) : [...value, slug]);
  }

  return (
    <div className="admin-multi" ref={rootRef}>
      <button
        ref={buttonRef}
        id={control.id}
        type="button"
        className={`form-field__picker${control['aria-invalid'] ? ' is-invalid' : ''}`}
        aria-labelledby={`${labelId} ${control.id}-value`}
        aria-describedby={control['aria-describedby']}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${control.id}-value`}>{value.length === 0 ? 'Choose categories' : `${value.length} selected`}</span>
      </button>
      <div id={listId} role="group" aria-labelledby={labelId} hidden={!open}>
        <ul className="admin-multi__list">
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <label className="admin-check">
                <input type="checkbox" checked={value.includes(category.slug)} onChange={() => toggle(category.slug)} />
                {categoryLabel(category.slug)}
              </label>
            </li>
          ))}
        </ul>
      </div>
      {!open && value.length > 0 && (
        <ul className="admin-tags" aria-label="Chosen categories">
          {value.map((slug) => (
            <li key={slug} className="admin-tag">
              {categoryLabel(slug)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
