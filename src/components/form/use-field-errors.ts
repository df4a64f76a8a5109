import { ApiRequestError } from '@/lib/api-request-error';
import { localizeFieldError } from '@/lib/i18n/field-error';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import type { z } from 'zod';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A form's field messages, and the ids that tie each message to its control. `show` replaces the
 * messages and, once they are on screen, moves focus to the first field in the page that has one.
 */
export function useFieldErrors(initial: FieldErrors = {}) {
  const prefix = useId();
  const [errors, setErrors] = useState<FieldErrors>(initial);
  const focusPending = useRef(false);
  const idFor = useCallback((name: string) => `${prefix}-${name}`, [prefix]);

  // After the render, so the control already carries its message when focus lands on it.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const controls = Object.keys(errors)
      .map((name) => document.getElementById(idFor(name)))
      .filter((element): element is HTMLElement => element !== null);
    firstInPage(controls)?.focus();
  }, [errors, idFor]);

  const show = useCallback((found: FieldErrors) => {
    focusPending.current = true;
    setErrors(found);
  }, []);

  const clear = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** Adds or replaces one field's message, leaving the focus where it is. */
  const set = useCallback((name: string, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }));
  }, []);

  const reset = useCallback(() => setErrors({}), []);

  /**
   * Checks the input with the schema the server uses too: true when it passes, otherwise the
   * messages are shown and focus goes to the first field with one.
   */
  const check = (schema: z.ZodType, input: unknown): boolean => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) show(fieldErrorsOf(parsed.error));
    return parsed.success;
  };

  /** Shows the server's field messages when it refused the input (422); false for any other failure. */
  const showRefusal = (error: unknown): boolean => {
    if (!(error instanceof ApiRequestError && error.status === 422)) return false;
    show(error.fields);
    return true;
  };

  /** A `FormField`'s `id` and `error` for this field, the error in the page's language (ADR 015). */
  const field = (name: string) => ({ id: idFor(name), error: localizeFieldError(name, errors[name]) });

  return { errors, field, idFor, show, set, clear, reset, check, showRefusal };
}

function firstInPage(elements: HTMLElement[]): HTMLElement | undefined {
  return [...elements].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}
