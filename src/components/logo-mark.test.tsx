import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LogoMark } from './logo-mark';

/** The drawing's shapes and text, attributes sorted, ids and their references left out. */
function shapesOf(svg: string): string[] {
  return [...svg.matchAll(/<(rect|path|circle|stop|text)\b([^>]*)>([^<]*)/g)].map(([, tag, attributes, text]) => {
    const pairs = [...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)]
      .filter(([, , value]) => !value!.startsWith('url(#'))
      .map(([, name, value]) => `${name}=${value}`)
      .sort();
    return `${tag} ${pairs.join(' ')} ${text!.trim()}`;
  });
}

describe('LogoMark', () => {
  it('draws what the app icon draws', () => {
    const icon = readFileSync(new URL('../../public/icons/icon.svg', import.meta.url), 'utf8');
    expect(shapesOf(renderToStaticMarkup(<LogoMark size={36} />))).toEqual(shapesOf(icon));
  });

  it('gives each mark on a page its own gradient', () => {
    const html = renderToStaticMarkup(
      <>
        <LogoMark size={36} />
        <LogoMark size={24} />
      </>,
    );
    const ids = [...html.matchAll(/<linearGradient id="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(html).toContain(`fill="url(#${id})"`);
  });
});
