import { useEffect, useRef, useState } from 'react';
import { FormField } from '@/components/form/form-field';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  value: string;
  /** `refining` is true when the term only grew or shrank from a non-empty one (one history entry). */
  onSearch: (q: string, refining: boolean) => void;
};

/** The labelled search box: the URL follows the typing after a short pause, not every key. */
export function SearchBox({ value, onSearch }: Props) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef(false);

  // The URL changed from outside (Back, Clear): show it, unless the admin is mid-typing.
  useEffect(() => {
    if (!pending.current) setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

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
    <FormField label="Search registrations" className="admin-search">
      {(control) => (
        <input
          {...control}
          type="search"
          value={draft}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Name, email, phone, city, institute or KTC code"
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </FormField>
  );
}
