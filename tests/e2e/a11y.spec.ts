import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PUBLIC_ROUTES, TAMIL_ROUTES } from './public-routes';

// axe-core's source, injected with page.evaluate (our CSP forbids inline script tags).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // axe is the global the injected source defines.
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

// Reveal-on-scroll fades would otherwise catch axe mid-fade; the reduced-motion page is identical
// apart from motion.
test.use({ reducedMotion: 'reduce' });

test.describe('accessibility (axe-core, WCAG 2.x A and AA)', () => {
  for (const route of [...PUBLIC_ROUTES, ...TAMIL_ROUTES]) {
    test(`${route.path} has no serious or critical violations and its headings are in order`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) =>
        headings.filter((h) => !h.closest('[hidden]')).map((h) => Number(h.tagName.slice(1))),
      );
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) {
        expect(levels[i]! - levels[i - 1]!, `heading levels ${levels.join(',')} skip a level`).toBeLessThanOrEqual(1);
      }
    });
  }

  test('the open menu and the level popup are clean too', async ({ page }) => {
    await page.goto('/contest/category');
    await page.getByRole('button', { name: /menu/i }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /level 1/i }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
