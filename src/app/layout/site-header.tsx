import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useAfterLoad } from '@/hooks/use-after-load';
import { useDismiss } from '@/hooks/use-dismiss';
import { useFormTouched } from '@/hooks/use-form-touched';
import { useT } from '@/lib/i18n/use-t';
import { outboxExists } from '@/lib/outbox/outbox-exists';
import { yieldToBrowser } from '@/lib/scheduling';
import { LanguageSwitch } from './language-switch';
import { MotionToggle } from './motion-toggle';
import { MENU_LINKS } from '@/config/navigation';
import { LogoMark } from '@/components/logo-mark';
import { AppLink } from '@/components/app-link';
import { isCurrentPage } from '@/lib/app-navigation';

// The badge reads the outbox (IndexedDB) and starts the sync engine. It loads after the page has
// loaded, and only on a device that has an outbox or once a form is touched: a first-time visitor
// who only reads never loads Dexie.
const SyncBadge = lazy(() => import('@/features/outbox/components/sync-badge').then((m) => ({ default: m.SyncBadge })));

const SCROLLED_AFTER_PX = 10;
/** A click this soon after hover opened the menu confirms it rather than closing it again. */
const HOVER_CLICK_GRACE_MS = 400;

export function SiteHeader() {
  const location = useLocation();
  const { t, to } = useT();
  // The menu is open for the page it was opened on: any navigation (a link, the logo,
  // back/forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = useCallback(
    (next: boolean | ((current: boolean) => boolean)) =>
      setOpenOn((current) => {
        const wasOpen = current === location.pathname;
        const willOpen = typeof next === 'function' ? next(wasOpen) : next;
        return willOpen ? location.pathname : null;
      }),
    [location.pathname],
  );
  const [scrolled, setScrolled] = useState(false);
  const hoverOpenedAt = useRef(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback(
    (returnFocus = false) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    },
    [setOpen],
  );

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useDismiss(open, menuRef, { outside: () => close(), escape: () => close(true) });

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || open) return;
    hoverOpenedAt.current = Date.now();
    setOpen(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') close();
  };
  const onButtonClick = () => {
    if (open && Date.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS) return;
    hoverOpenedAt.current = 0;
    setOpen((current) => !current);
  };

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`}>
      <div className="site-header__inner">
        <AppLink to={to('/')} className="site-logo" onClick={() => close()}>
          <LogoMark size={36} />
          <span className="site-logo__text">
            {t('site.logo.first')} <span className="site-logo__accent">{t('site.logo.second')}</span>
          </span>
        </AppLink>
        <div className="site-header__tools">
          <span className="site-header__badge">
            <HeaderBadge />
          </span>
          <LanguageSwitch />
          <MotionToggle />
          <div ref={menuRef} className={`menu${open ? ' is-open' : ''}`} onPointerLeave={onPointerLeave}>
            <button
              ref={buttonRef}
              type="button"
              className="header-pill menu__button"
              aria-expanded={open}
              aria-controls={panelId}
              aria-label={open ? t('menu.close') : t('menu.open')}
              onPointerEnter={onPointerEnter}
              onClick={onButtonClick}
            >
              <span className="menu__bars" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              <span className="menu__label" aria-hidden="true">
                {t('menu.label')}
              </span>
            </button>
            <nav id={panelId} className="menu__panel" aria-label={t('menu.main')} inert={!open}>
              <ul className="menu__list">
                {MENU_LINKS.map((link, index) => (
                  <li key={link.to} className="menu__item" style={{ transitionDelay: open ? `${0.1 * (index + 1)}s` : '0s' }}>
                    <AppLink
                      to={to(link.to)}
                      current={isCurrentPage(location.pathname, to(link.to), link.to === '/')}
                      className="menu__link"
                      onClick={() => close()}
                    >
                      {t(link.label)}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </header>
  );
}

/** Its own component, so that what it waits for re-renders the badge and not the whole header. */
function HeaderBadge() {
  if (!useBadgeWanted()) return null;
  return (
    <Suspense fallback={null}>
      <SyncBadge />
    </Suspense>
  );
}

function useBadgeWanted(): boolean {
  const afterLoad = useAfterLoad();
  const formTouched = useFormTouched();
  const [hasOutbox, setHasOutbox] = useState(false);
  useEffect(() => {
    if (!afterLoad) return;
    let cancelled = false;
    // In a task of its own: the first touch of IndexedDB costs a round trip to the browser process.
    void yieldToBrowser()
      .then(outboxExists)
      .then((exists) => {
        if (!cancelled) setHasOutbox(exists);
      });
    return () => {
      cancelled = true;
    };
  }, [afterLoad]);
  return afterLoad && (hasOutbox || formTouched);
}
