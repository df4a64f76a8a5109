import { useCallback, useId, useRef, useState } from 'react';
import { CATEGORIES, type CategorySlug } from '@domain/categories';
import { useDismiss } from '../hooks/use-dismiss';
import { categoryLabel } from '../utils/format';

type Props = {
  value: CategorySlug[];
  onChange: (value: CategorySlug[]) => void;
  error?: string | undefined;
  errorId?: string | undefined;
};

/**
 * The inline edit's category picker: a button that opens a list of checkboxes (Tab and Space
 * work as anywhere else). The list opens in the row itself, so the table's scroll box never clips it.
 */
export function CategoryMultiSelect({ value, onChange, error, errorId }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLFieldSetElement>(null);
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
    <fieldset className="admin-multi" ref={rootRef} aria-describedby={error ? errorId : undefined}>
      <legend className="admin-edit__label">Categories</legend>
      <button
        ref={buttonRef}
        type="button"
        className={`admin-multi__button${error ? ' admin-multi__button--invalid' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {value.length === 0 ? 'Choose categories' : `${value.length} selected`}
      </button>
      <ul id={listId} className="admin-multi__list" hidden={!open}>
        {CATEGORIES.map((category) => (
          <li key={category.slug}>
            <label className="admin-check">
              <input type="checkbox" checked={value.includes(category.slug)} onChange={() => toggle(category.slug)} />
              {categoryLabel(category.slug)}
            </label>
          </li>
        ))}
      </ul>
      {!open && value.length > 0 && (
        <ul className="admin-tags" aria-label="Chosen categories">
          {value.map((slug) => (
            <li key={slug} className="admin-tag">
              {categoryLabel(slug)}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="admin-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
