import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { readyForSensitiveAction, startDownload } from '@/lib/second-factor';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick' | 'href'> & { href: string };

/**
 * A download of personal data (an export, a certificate's file): the browser follows the link
 * itself, so the page first makes sure the second factor is fresh (ADR 033), asking for it when
 * the last check is over 10 minutes old, then starts the download.
 */
export function SensitiveDownload({ href, download, children, ...rest }: Props) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void readyForSensitiveAction()
      .then((ready) => {
        if (ready) startDownload(href, typeof download === 'string' ? download : undefined);
      })
      .catch(() => startDownload(href, typeof download === 'string' ? download : undefined));
  };
  return (
    <a href={href} download={download ?? true} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
