import { useState } from 'react';
import { useDeleteRegistration } from '../api/delete-registration';
import type { AdminRegistration } from '../api/get-registrations';
import { useRestoreRegistration } from '../api/restore-registration';
import { DELETE_ERROR, RESTORE_ERROR, type Banner } from '../utils/registration-messages';

/** Delete with a fade, then an Undo that restores. Failures go to the page's banner through `report`. */
export function useRegistrationRemoval(report: (banner: Banner | null) => void) {
  /** Rows fading out while the server deletes them. */
  const [leavingIds, setLeavingIds] = useState<ReadonlySet<string>>(new Set());
  /** The last deleted row, offered for Undo. */
  const [deleted, setDeleted] = useState<{ id: string; label: string } | null>(null);

  const remove = useDeleteRegistration({
    mutationConfig: {
      onMutate: (row) => {
        report(null);
        setLeavingIds((ids) => new Set(ids).add(row.id));
      },
      onSuccess: (_answer, row) => setDeleted({ id: row.id, label: row.name ?? row.instituteName ?? row.referenceCode }),
      onError: () => report({ kind: 'error', message: DELETE_ERROR }),
      onSettled: (_answer, _error, row) =>
        setLeavingIds((ids) => {
          const next = new Set(ids);
          next.delete(row.id);
          return next;
        }),
    },
  });

  const restore = useRestoreRegistration({
    mutationConfig: {
      onSuccess: () => setDeleted(null),
      onError: () => {
        setDeleted(null);
        report({ kind: 'error', message: RESTORE_ERROR });
      },
    },
  });

  return {
    leavingIds,
    remove: (row: AdminRegistration) => remove.mutate(row),
    deleted,
    undoing: restore.isPending,
    undo: () => {
      if (deleted) restore.mutate(deleted.id);
    },
    forget: () => setDeleted(null),
  };
}

export type RegistrationRemoval = ReturnType<typeof useRegistrationRemoval>;
