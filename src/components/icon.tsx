import type { IconName } from '@/config/season';

// Our own simple line drawings on a 24×24 grid (no icon font, no stock assets).
const PATHS: Record<IconName, string> = {
  music: 'M9 18V5l11-2v13 M9 18a3 3 0 1 1-6 0a3 3 0 0 1 6 0 M20 16a3 3 0 1 1-6 0a3 3 0 0 1 6 0',
  dance: 'M13 4a2 2 0 1 1-4 0a2 2 0 0 1 4 0 M11 7l-1 6l-4 4 M10 13l4 3l1 5 M11 8l5 2l3-3 M11 8l-5 1',
  brush: 'M14 4l6 6l-8 8l-6-6z M6 12l-2 8l8-2 M16 2l6 6',
  palette: 'M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3s2-1 4-1a3 3 0 0 0 3-3c0-5-4-9-9-9z M7.5 11.5h.01 M10 7.5h.01 M15 7.5h.01',
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z M4 21a2 2 0 0 1 2-2h13 M8 7h7 M8 11h5',
  mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3z M5 11a7 7 0 0 0 14 0 M12 18v3 M8 21h8',
  pen: 'M4 20l4-1l11-11l-3-3L5 16z M14 7l3 3 M4 20h16',
  yoga: 'M12 3a2 2 0 1 1 0 4a2 2 0 0 1 0-4 M12 8v6 M12 10l-6-3 M12 10l6-3 M12 14l-5 5h10z',
  star: 'M12 3l2.8 5.8l6.2.9l-4.5 4.4l1.1 6.2L12 17.3l-5.6 3l1.1-6.2L3 9.7l6.2-.9z',
  mask: 'M4 5c5 2 11 2 16 0v6c0 5-3.5 9-8 9s-8-4-8-9z M8.5 10.5h2 M13.5 10.5h2 M9 15c2 1.5 4 1.5 6 0',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4z M12 10a3.5 3.5 0 1 1 0 7a3.5 3.5 0 0 1 0-7',
  puzzle: 'M4 8h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H4v-4a2 2 0 1 0 0-4z',
  baby: 'M12 4a5 5 0 1 1 0 10a5 5 0 0 1 0-10 M10 9h.01 M14 9h.01 M10.5 11.5c1 .8 2 .8 3 0 M7 20c1-3 3-4 5-4s4 1 5 4',
  walk: 'M13 3a2 2 0 1 1 0 4a2 2 0 0 1 0-4 M12 8l-2 6l3 3v4 M10 14l-3 7 M12 8l4 3l3 0 M12 8l-4 2l-1 3',
  scissors: 'M6 6a2.5 2.5 0 1 1 0 .01 M6 18a2.5 2.5 0 1 1 0 .01 M8 7.5L20 18 M8 16.5L20 6',
  globe: 'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18 M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18',
  heart: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0z M8 6H5a3 3 0 0 0 3 4 M16 6h3a3 3 0 0 1-3 4 M12 13v4 M8 20h8 M9 17h6v3H9z',
};

type IconProps = { name: IconName; size?: number; className?: string };

/** Decorative icon; the text beside it carries the meaning. */
export function Icon({ name, size = 32, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
