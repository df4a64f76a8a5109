import { useT } from '@/lib/i18n/use-t';
import type { ReactNode } from 'react';
import { CONTACT } from '@/config/season';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * Wraps a form on a prerendered page. Without JavaScript the form cannot save anything, so it
 * says so plainly (noscript) and stays inert; with JavaScript it becomes usable once hydrated,
 * so nothing typed before then can be lost.
 */
export function NeedsJavaScript({ task, children }: { task: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const { t } = useT();
  return (
    <>
      <noscript>
        <p className="needs-javascript">
          {t('noscript.form', { task, phone: CONTACT.phone })}
        </p>
      </noscript>
      <div inert={!hydrated}>{children}</div>
    </>
  );
}
