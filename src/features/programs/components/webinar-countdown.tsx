import { useT } from '@/lib/i18n/use-t';
import { useCountdown } from '../hooks/use-countdown';

const UNITS = [
  ['days', 'countdown.days'],
  ['hours', 'countdown.hours'],
  ['minutes', 'countdown.minutes'],
  ['seconds', 'countdown.seconds'],
] as const;

export function WebinarCountdown({ startsAt }: { startsAt: string }) {
  const countdown = useCountdown(startsAt);
  const { t } = useT();
  if (countdown.ended) {
    return (
      <div className="countdown countdown--ended" role="status">
        <p className="countdown__ended">{t('countdown.ended')}</p>
        <p>{t('countdown.next')}</p>
      </div>
    );
  }
  return (
    // Announcing every second would drown a screen reader; the visible clock is not live.
    <div className="countdown" aria-label={t('countdown.label')} role="timer">
      {UNITS.map(([key, label]) => (
        <div key={key} className="countdown__unit">
          <span className="countdown__value" data-unit={key}>
            {String(countdown[key]).padStart(2, '0')}
          </span>
          <span className="countdown__label">{t(label)}</span>
        </div>
      ))}
    </div>
  );
}
