import { useT } from '@/lib/i18n/use-t';
import { useMotionPreference } from '@/hooks/motion-preference';

/** The visible pause control for every decorative animation and the video (WCAG 2.2.2). */
export function MotionToggle() {
  const { paused, togglePaused } = useMotionPreference();
  const { t } = useT();
  const label = paused ? t('motion.play') : t('motion.pause');
  // The label names the button on the narrowest screens too, where the words are not drawn.
  return (
    <button type="button" className="header-pill motion-toggle" aria-label={label} aria-pressed={paused} onClick={togglePaused}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {paused ? <path d="M8 5l11 7l-11 7z" fill="currentColor" /> : <path d="M7 5h4v14H7z M14 5h4v14h-4z" fill="currentColor" />}
      </svg>
      <span className="motion-toggle__text">{label}</span>
    </button>
  );
}
