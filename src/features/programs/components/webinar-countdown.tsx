import { useCountdown } from '../hooks/use-countdown';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

export function WebinarCountdown({ startsAt }: { startsAt: string }) {
  const countdown = useCountdown(startsAt);
  if (countdown.ended) {
    return (
      <div className="countdown countdown--ended" role="status">
        <p className="countdown__ended">This webinar has ended. Thank you to everyone who joined us!</p>
        <p>Leave your email in the newsletter form below and we will tell you when the next one opens.</p>
      </div>
    );
  }
  return (
    // Announcing every second would drown a screen reader; the visible clock is not live.
    <div className="countdown" aria-label="Time until the webinar starts" role="timer">
      {UNITS.map(([key, label]) => (
        <div key={key} className="countdown__unit">
          <span className="countdown__value" data-unit={key}>
            {String(countdown[key]).padStart(2, '0')}
          </span>
          <span className="countdown__label">{label}</span>
        </div>
      ))}
    </div>
  );
}
