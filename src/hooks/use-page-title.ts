import { useEffect } from 'react';

const SITE = 'Kids Talent Competition Chennai';

/** Names the page in the tab and for screen readers announcing the navigation. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}
