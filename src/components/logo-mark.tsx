import { useId } from 'react';

type Props = { size: number };

/**
 * The competition's mark, the drawing of `public/icons/icon.svg` (which stays the source of the
 * app's icons and favicon, scripts/generate-icons.mjs), drawn inline. As an `<img>` an SVG costs
 * the page a document of its own, built on the main thread when the file arrives (10–50 ms on a
 * slow phone for this small file). The gradient's id is the instance's own, so two marks on one
 * page never share it. Decorative: the text beside it names the site.
 */
export function LogoMark({ size }: Props) {
  const gradient = useId();
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b3fb0" />
          <stop offset="1" stopColor="#e0457b" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill={`url(#${gradient})`} />
      <path d="M256 92l44 98 107 11-80 72 23 105-94-54-94 54 23-105-80-72 107-11z" fill="#ffd35c" />
      <circle cx="226" cy="250" r="14" fill="#5b2a86" />
      <circle cx="286" cy="250" r="14" fill="#5b2a86" />
      <path d="M218 292q38 36 76 0" fill="none" stroke="#5b2a86" strokeWidth="14" strokeLinecap="round" />
      <text x="256" y="452" fontFamily="DejaVu Sans, Arial, sans-serif" fontSize="58" fontWeight="700" textAnchor="middle" fill="#fff">
        KTC
      </text>
    </svg>
  );
}
