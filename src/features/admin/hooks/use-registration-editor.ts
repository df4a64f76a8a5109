import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RegistrationUpdateInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import type { AdminRegistration } from '../api/get-registrations';
import { replaceRegistrationInLists, updateFailure, useUpdateRegistration } from '../api/update-registration';
import { GONE_ERROR, UPDATE_ERROR, type Banner } from '../utils/registration-messages';

/** How long a saved row stays green. */
const SAVED_FLASH_MS = 1_600;

/**
 * The table's inline edit: which row is open, the server's field messages, the saved flash, and
 * where focus goes when the editor closes. Failures go to the page's banner through `report`.
 */
export function useRegistrationEditor(report: (banner: Banner | null) => void) {
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<string | null>(null);
  /** The row whose Edit button gets focus back after its editor closes. */
  const [focusEditId, setFocusEditId] = useState<string | null>(null);
  /** Bumped to open the editor afresh (a new draft) on the same row. */
  const [editingKey, setEditingKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const update = useUpdateRegistration({
    mutationConfig: {
      onSuccess: ({ registration }) => {
        setEditingId(null);
        setFocusEditId(registration.id);
        report(null);
        setSavedId(registration.id);
        clearTimeout(flashTimer.current);
        flashTimer.current = setTimeout(() => setSavedId(null), SAVED_FLASH_MS);
      },
      onError: (error, { row }) => {
        const failure = updateFailure(error, row);
        if (failure.kind === 'conflict') {
          report({ kind: 'conflict', id: row.id, current: failure.current });
        } else if (failure.kind === 'gone') {
          report({ kind: 'error', message: GONE_ERROR });
        } else {
          if (failure.kind === 'invalid') setErrors(failure.fields);
          report({ kind: 'error', message: UPDATE_ERROR });
        }
      },
    },
  });

  const start = useCallback(
    (row: AdminRegistration) => {
      setEditingId(row.id);
      setFocusEditId(null);
      setEditingKey((key) => key + 1);
      setErrors({});
      report(null);
    },
    [report],
  );

  function cancel() {
    setFocusEditId(editingId);
    setEditingId(null);
    report(null);
  }

  /** After a conflict: the other admin's copy replaces the row, and the editor opens on it afresh. */
  function loadTheirVersion(current: AdminRegistration) {
    replaceRegistrationInLists(queryClient, current);
    setEditingKey((key) => key + 1);
    setErrors({});
    report(null);
  }

  return {
    editingId,
    editingKey,
    focusEditId,
    errors,
    savedId,
    savingId: update.isPending ? (update.variables?.row.id ?? null) : null,
    start,
    cancel,
    save: (row: AdminRegistration, input: RegistrationUpdateInput) => update.mutate({ row, input }),
    loadTheirVersion,
  };
}

export type RegistrationEditor = ReturnType<typeof useRegistrationEditor>;
