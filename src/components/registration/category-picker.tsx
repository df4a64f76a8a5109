import { useT } from '@/lib/i18n/use-t';
import { CATEGORIES, type CategorySlug } from '@domain/categories';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldControl } from '@/components/form/form-field';
import { useDismiss } from '@/hooks/use-dismiss';
import './category-picker.css';

type Props = {
  selected: CategorySlug[];
  onChange: (next: CategorySlug[]) => void;
  /** From the `FormField` around it: the button's id, and its label, hint and error. */
  control: FieldControl;
  labelId: string;
  /** A contest's name; the page's language by default (the admin table shortens the baby contests). */
  labelOf?: (slug: CategorySlug) => string;
  /** The list opens in the flow instead of over the page (inside a scrolling table, which would clip it). */
  inline?: boolean;
};

/**
 * The one contests picker (registration, walk-in, family correction, admin edit): a button that
 * opens a list of checkboxes. It closes on an outside click, on Escape (focus returns to the
 * button) and when focus leaves it. Arrow keys move through the list; Space toggles.
 */
export function CategoryPicker({ selected, onChange, control, labelId, labelOf, inline = false }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useDismiss(open, rootRef, { outside: () => setOpen(false) });

  const boxes = () => Array.from(rootRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []);

  const focusBox = (index: number) => {
    const list = boxes();
    list[(index + list.length) % list.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const last = event.key === 'ArrowUp';
      requestAnimationFrame(() => focusBox(last ? -1 : 0));
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = boxes();
    const index = list.indexOf(document.activeElement as HTMLInputElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(-1);
    }
  };

  const toggle = (slug: CategorySlug) => {
    const next = selected.includes(slug) ? selected.filter((s) => s !== slug) : [...selected, slug];
    onChange(CATEGORIES.map((c) => c.slug).filter((s) => next.includes(s)));
  };

  const { t } = useT();
  const nameOf = labelOf ?? ((slug: CategorySlug) => t(`category.${slug}`));
  const names = CATEGORIES.filter((c) => selected.includes(c.slug)).map((c) => nameOf(c.slug));
  const summary = names.length === 0 ? t('form.categories.none') : t('form.categories.chosen', { count: names.length });

  return (
    <div
      ref={rootRef}
      className={`category-select${inline ? ' category-select--inline' : ''}`}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={control.id}
        type="button"
        className={`form-field__picker${control['aria-invalid'] ? ' is-invalid' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${control.id}-value`}
        aria-describedby={control['aria-describedby']}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span id={`${control.id}-value`}>{summary}</span>
        <span className="category-select__chevron" aria-hidden="true" />
      </button>
      {names.length > 0 ? (
        <ul className="chip-list category-select__chosen" aria-label={t('form.categories.chosenList')}>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
      {/* The keydown handler only adds arrow-key movement between the native checkboxes inside. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div id={listId} className="category-select__panel" role="group" aria-labelledby={labelId} hidden={!open} onKeyDown={onListKeyDown}>
        {CATEGORIES.map((category) => (
          <label key={category.slug} className="category-select__option">
            <input type="checkbox" name="categories" value={category.slug} checked={selected.includes(category.slug)} onChange={() => toggle(category.slug)} />
            <span>{nameOf(category.slug)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
