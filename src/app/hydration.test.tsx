// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { PUBLIC_PAGES } from './head/pages';
import { createClientRouter, routes } from './router';

// React's development build reports every hydration mismatch (text, structure and attributes,
// which the production build silently leaves alone), so each page is rendered as the prerender
// does and hydrated as the browser does, here, with that build.

async function serverHtml(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </StrictMode>,
  );
}

describe('every public page hydrates the prerendered HTML without a mismatch', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // jsdom plays no media; the background video is started after load.
    window.HTMLMediaElement.prototype.play = () => Promise.resolve();
    window.HTMLMediaElement.prototype.pause = () => undefined;
    // jsdom has no matchMedia; the motion preference reads it after hydration.
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => vi.restoreAllMocks());

  for (const { path } of PUBLIC_PAGES) {
    it(path, async () => {
      const html = await serverHtml(path);
      document.body.innerHTML = `<div id="root">${html}</div>`;
      // A browser mutes a media element parsed with the `muted` attribute (HTML spec); jsdom does not.
      for (const video of document.querySelectorAll('video')) video.muted = video.hasAttribute('muted');
      window.history.replaceState(null, '', path);
      const serverHeading = document.querySelector('main h1');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.join(' ')));
      const router = await createClientRouter();
      const container = document.getElementById('root') as HTMLElement;
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <App router={router} />
          </StrictMode>,
          { onRecoverableError: (error) => errors.push(error) },
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(errors).toEqual([]);
      expect(document.querySelector('main h1')).toBe(serverHeading);
      act(() => root?.unmount());
    });
  }
});
