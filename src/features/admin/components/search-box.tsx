import { useEffect, useRef, useState } from 'react';
import { FormField } from '@/components/form/form-field';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  value: string;
  /** `refining` is true when the term only grew or shrank from a non-empty one (one history entry). */
  onSearch: (q: string, refining: boolean) => void;
};

/** Where a typed `/` is text (a field, an editable region), so it must not jump to the search. */
function takesText(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * The labelled search box: the URL follows the typing after a short pause, not every key.
 * `/` anywhere else on the page (not in a field, not under an open dialog) jumps into it.
 */
export function SearchBox({ value, onSearch }: Props) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // The URL changed from outside (Back, Clear): show it, unless the admin is mid-typing.
  useEffect(() => {
    if (!pending.current) setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (takesText(event.target) || document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function onChange(next: string) {
    setDraft(next);
    clearTimeout(timer.current);
    pending.current = true;
    timer.current = setTimeout(() => {
      pending.current = false;
      if (next.trim() !== value) onSearch(next.trim(), value !== '' && next.trim() !== '');
    }, SEARCH_DEBOUNCE_MS);
  }

  return (
    <div className="admin-search">
      <FormField label="Search registrations">
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            type="search"
            aria-keyshortcuts="/"
            value={draft}
            onChange={(event) => onChange(event.target.value)}
            placeholder="Name, email, phone, city, institute or KTC code"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      {/* For sighted keyboard users; screen readers hear aria-keyshortcuts on the input. */}
      <p className="admin-search__shortcut" aria-hidden="true">
        Press <kbd>/</kbd> to search
      </p>
    </div>
  );
}
