import { ADDRESS, SOCIAL_LINKS } from '@/config/season';
import { useT } from '@/lib/i18n/use-t';

/** The office's postal address, line by line, in the page's language. */
export function OfficeAddress() {
  const { t } = useT();
  return (
    <address>
      {ADDRESS.lines.map((line, index) => (
        <span key={line}>
          {t(`address.line${index + 1}`)}
          <br />
        </span>
      ))}
    </address>
  );
}

/** Our pages on social networks, each opening in a new tab (and saying so to a screen reader). */
export function SocialLinks({ className, linkClassName, label }: { className: string; linkClassName?: string; label?: string }) {
  const { t } = useT();
  return (
    <ul className={className} aria-label={label}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.name}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {link.name}
            <span className="visually-hidden"> {t('shell.newTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
