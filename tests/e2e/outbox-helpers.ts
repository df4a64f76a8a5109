import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { createReferenceCode } from '../../domain/reference-code';
import { expect, signInAdminRequest } from './fixtures';

export type Child = {
  name: string;
  age: number;
  category: string;
  city: string;
};

/** A child's registration needs the parent's or guardian's consent: their name and the privacy notice box. */
export async function giveConsent(page: Page, guardianName: string): Promise<void> {
  await page.getByLabel('Parent or guardian’s name').fill(guardianName);
  await page.getByRole('checkbox', { name: /privacy notice/ }).check();
}

/** Fills the registration form for one child, the parent's consent and the terms included, without sending it. */
export async function fillChildForm(page: Page, child: Child, contact: { email: string; phone: string; guardianName: string }): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(child.name);
  await page.getByRole('button', { name: /Categories/ }).click();
  await page.getByRole('checkbox', { name: child.category, exact: true }).check();
  await page.keyboard.press('Escape');
  await page.getByLabel(/^Age/).fill(String(child.age));
  await page.getByLabel('Email', { exact: true }).fill(contact.email);
  await page.getByLabel('Phone', { exact: true }).fill(contact.phone);
  await page.getByLabel('City', { exact: true }).fill(child.city);
  await giveConsent(page, contact.guardianName);
  await page.getByRole('checkbox', { name: /terms/ }).check();
}

/** Fills the registration form as a field worker would and waits for the success screen. */
export async function registerChild(page: Page, child: Child, index: number): Promise<string> {
  await fillChildForm(page, child, {
    email: `parent${index}@example.org`,
    phone: `98765${String(index).padStart(5, '0')}`,
    guardianName: `Parent ${index}`,
  });
  await page.getByRole('button', { name: /^Register/ }).click();
  const success = page.getByRole('status').filter({ hasText: 'Registration Successful!' });
  await expect(success).toBeVisible();
  const code = (await success.locator('strong').textContent())?.trim() ?? '';
  expect(code).toMatch(/^KTC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  // After 3 s the form is blank again, ready for the next child.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('', { timeout: 6000 });
  return code;
}

/**
 * The page tells the family their registration reached the organisers: in the success panel, or,
 * once that has given way to a blank form after 3 s (a slow phone can take longer than that to
 * send it), in the "Last registration: <code> — sent" line above it.
 */
export async function expectRegistrationSent(page: Page, code: string, timeout = 20_000): Promise<void> {
  const inPanel = page.getByRole('status').filter({ hasText: 'Registration Successful!' }).filter({ hasText: 'Sent to the organisers.' });
  const lastLine = page.locator('.registration-previous').filter({ hasText: `Last registration: ${code} — sent` });
  await expect(inPanel.or(lastLine)).toBeVisible({ timeout });
}

/** Signs in as the e2e admin on this request context (same-origin Origin + CSRF header), with its second factor. */
export async function signInAsAdmin(request: APIRequestContext, origin: string): Promise<void> {
  await signInAdminRequest(request, origin);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeViolation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** Serious and critical axe-core findings (WCAG 2.x A/AA) on the page as it is now. */
export async function axeProblems(page: Page): Promise<string[]> {
  // A dialog fading in would be judged at part opacity (low contrast): let finite animations end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // `axe` is the global the injected source defines.
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The private link's token from the .eml file the server wrote about this reference code, or null. */
export async function tokenInMailFolder(folder: string, referenceCode: string): Promise<string | null> {
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const file of files) {
    const mail = await simpleParser(readFileSync(join(folder, file)));
    if (!mail.subject?.includes(referenceCode)) continue;
    return /\/my\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1] ?? null;
  }
  return null;
}

/**
 * A child registered online through the API, as the form would send it (with the parent's
 * consent); answers its reference code. With no SMTP_URL the server writes the confirmation to
 * DATA_DIR/mail (see tokenInMailFolder).
 */
export async function registerChildByApi(request: APIRequestContext, child: { name: string; email: string; guardianName: string; city?: string; categories?: string[]; language?: 'en' | 'ta' }): Promise<string> {
  const referenceCode = createReferenceCode();
  const response = await request.post('/api/registrations', {
    data: {
      id: randomUUID(),
      referenceCode,
      type: 'participant',
      name: child.name,
      age: 9,
      email: child.email,
      phone: '9876543210',
      city: child.city ?? 'Chennai',
      categories: child.categories ?? ['drawing'],
      agreeTerms: true,
      guardianName: child.guardianName,
      privacyConsent: true,
      ...(child.language ? { language: child.language } : {}),
    },
  });
  expect(response.status()).toBe(201);
  return referenceCode;
}
