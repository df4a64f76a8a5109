import { ADDRESS } from '@/config/season';
import { useT } from '@/lib/i18n/use-t';

/**
 * Our own drawing of the area around the office. No third-party map is embedded: it would call
 * another host (blocked by our CSP, and useless offline). The link opens a real map.
 */
export function AreaMap() {
  const { t } = useT();
  return (
    <figure className="area-map">
      <svg viewBox="0 0 400 260" width="400" height="260" role="img" aria-labelledby="area-map-title area-map-desc">
        <title id="area-map-title">{t('contact.map.title')}</title>
        <desc id="area-map-desc">{t('contact.map.desc')}</desc>
        <rect width="400" height="260" fill="#f3efe6" />
        <path d="M0 200 C120 180 260 210 400 150" stroke="#cfe3c6" strokeWidth="36" fill="none" />
        <rect x="250" y="30" width="90" height="60" rx="8" fill="#d6ecd0" />
        <text x="295" y="64" textAnchor="middle" fontSize="11" fill="#2f5d2a">{t('contact.map.park')}</text>
        <path d="M0 110 H400" stroke="#ffffff" strokeWidth="18" />
        <path d="M0 110 H400" stroke="#f2c14e" strokeWidth="2" strokeDasharray="10 8" />
        <text x="12" y="100" fontSize="12" fontWeight="700" fill="#4a3d2a">{t('contact.map.annaSalai')}</text>
        <path d="M140 0 V260" stroke="#ffffff" strokeWidth="14" />
        <path d="M140 170 H260" stroke="#ffffff" strokeWidth="10" />
        <text x="146" y="254" fontSize="11" fontWeight="700" fill="#4a3d2a" transform="rotate(-90 146 254)">
          {t('contact.map.usmanRoad')}
        </text>
        <text x="170" y="190" fontSize="11" fill="#4a3d2a">Example Street</text>
        <circle cx="330" cy="110" r="12" fill="#1565c0" />
        <text x="330" y="114" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">M</text>
        {/* Labels sit where the longer Tamil names fit too (the station's right-aligned, below the road). */}
        <text x="394" y="160" textAnchor="end" fontSize="11" fill="#123e7a">{t('contact.map.teynampet')}</text>
        <path d="M220 170 c0-22 -26-22 -26 0 c0 14 13 26 13 34 c0-8 13-20 13-34z" fill="#e0457b" transform="translate(0 -36)" />
        <circle cx="207" cy="136" r="5" fill="#fff" />
        <text x="226" y="140" fontSize="12" fontWeight="700" fill="#7a1a40">{t('contact.map.here')}</text>
      </svg>
      <figcaption>
        {t('address.metro')}.{' '}
        <a href={ADDRESS.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('contact.map.open')}
          <span className="visually-hidden"> {t('shell.newTab')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
