import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { decodeQrPng, familyLinkIn } from '../setup/smtp-test-server';
import { ADMIN, expect, signInOnThisPage, testWithMail } from './fixtures';
import { axeProblems, registerChild, registerChildByApi, signInAsAdmin } from './outbox-helpers';

/**
 * The fee journey (issue "Fees", ADR 024): a family registers; the confirmation email's QR code
 * and the private page's decode to the same upi://pay link (the organiser's UPI address, the exact
 * amount, the reference code); the family reports the UPI reference of its payment with no
 * connection, and it reaches the server once the connection returns, once.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/statements');
const UPI = { UPI_VPA: 'kidstalent@okaxis', UPI_PAYEE_NAME: 'Kids Talent Competition' };

const test = testWithMail(UPI);

const qrOfDataUrl = (src: string) => decodeQrPng(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));

test('the email and the page ask for ₹99 with the same UPI link, and a UTR reported offline reaches the server once', async ({ page, context, world: { smtp, server } }) => {
  test.setTimeout(180_000);
  await page.goto('/registration');
  await expect(page.locator('main [inert]')).toHaveCount(0);
  const code = await registerChild(page, { name: 'Kavin Pay', age: 9, category: 'Dance Challenge', city: 'Chennai' }, 5151);
  const upiLink = `upi://pay?pa=kidstalent@okaxis&pn=Kids%20Talent%20Competition&am=99.00&cu=INR&tn=${code}&tr=${code}`;
  // Under the blank form, the last registration's fee; on a computer the QR codes are elsewhere.
  await expect(page.getByText('Entry fee: ₹99 for 1 online contest.')).toBeVisible();
  await expect(page.getByText('On a computer? Scan the code with your phone’s UPI app; it is also in your confirmation email and on your private page.')).toBeVisible();
  await expect(page.locator('.registration-success__pay a')).toHaveAttribute('href', upiLink);
  const screenQr = page.getByRole('img', { name: 'QR code to pay ₹99 by UPI' });
  await expect(screenQr).toBeVisible();
  expect(qrOfDataUrl((await screenQr.getAttribute('src')) ?? '')).toBe(upiLink);

  // The email: "Pay ₹99", a button to the UPI app and a QR code of the same link.
  const [mail] = await smtp.waitFor(1, 30_000);
  expect(mail?.parsed.text).toContain('To pay: ₹99 for 1 online contest, by UPI to Kids Talent Competition (kidstalent@okaxis).');
  const decoded = (mail?.parsed.attachments ?? []).map((attachment) => decodeQrPng(attachment.content));
  expect(decoded).toContain(upiLink);
  expect(decoded).toContain(code);

  // The family's page on a computer: the amount, the status and the QR code to scan with the phone.
  await page.goto(familyLinkIn(mail!));
  const fee = page.getByRole('region', { name: 'Entry fee' });
  await expect(fee).toContainText('To pay: ₹99 for 1 online contest.');
  await expect(fee).toContainText('Payment: Not paid yet');
  const qr = fee.getByRole('img', { name: 'QR code to pay ₹99 by UPI' });
  await expect(qr).toBeVisible();
  expect(qrOfDataUrl((await qr.getAttribute('src')) ?? '')).toBe(upiLink);
  await expect(fee.getByRole('link', { name: 'Save the QR code' })).toBeHidden();
  expect(await axeProblems(page)).toEqual([]);

  // Paid in the UPI app; the connection drops before the family types the reference.
  const utr = fee.getByLabel('UPI reference (UTR)');
  await utr.fill('12345');
  await fee.getByRole('button', { name: 'Send' }).click();
  await expect(utr).toHaveAccessibleDescription(/12-digit number your UPI app shows/);
  await context.setOffline(true);
  await utr.fill('4123 4567 8901');
  await fee.getByRole('button', { name: 'Send' }).click();
  await expect(fee.getByText('Saved on this phone. It will be sent as soon as you are online.')).toBeVisible();
  await page.waitForTimeout(1500);
  await context.setOffline(false);
  await expect(fee.getByText('Thank you: we have it, and will confirm your payment.')).toBeVisible({ timeout: 45_000 });
  await expect(fee).toContainText('Payment: Reported, to be confirmed');
  await expect(fee).toContainText('UPI reference 412345678901');

  // Once on the server, however often the outbox tried.
  await signInAsAdmin(page.request, server.url);
  const list = (await (await page.request.get(`/api/registrations?q=${code}`)).json()) as { items: { id: string }[] };
  const detail = (await (await page.request.get(`/api/registrations/${list.items[0]!.id}`)).json()) as { payment: { status: string; reports: { utr: string }[] } };
  expect(detail.payment.status).toBe('reported');
  expect(detail.payment.reports).toEqual([expect.objectContaining({ utr: '412345678901' })]);
});

test('on a phone the page offers the UPI app, in Tamil for a Tamil family', async ({ browser, world: { smtp, server } }) => {
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const before = smtp.received.length;
  const code = await registerChildByApi(page.request, { name: 'Yazhini Pay', email: 'parent6161@example.org', guardianName: 'Deepa Pay', categories: ['dance'], language: 'ta' });
  await smtp.waitFor(before + 1, 30_000);
  const mail = smtp.received.find((m) => m.parsed.subject?.includes(code));
  expect(mail?.parsed.text).toContain('செலுத்த வேண்டியது: 1 ஆன்லைன் போட்டிக்கு ₹99');
  await page.goto(familyLinkIn(mail!));
  const fee = page.getByRole('region', { name: 'பதிவுக் கட்டணம்' });
  const app = fee.getByRole('link', { name: 'UPI செயலியில் ₹99 செலுத்து' });
  await expect(app).toBeVisible();
  const upiLink = `upi://pay?pa=kidstalent@okaxis&pn=Kids%20Talent%20Competition&am=99.00&cu=INR&tn=${code}&tr=${code}`;
  await expect(app).toHaveAttribute('href', upiLink);
  // An app the link does not open can scan the QR code from the gallery: the page saves it as a PNG.
  const save = fee.getByRole('link', { name: 'QR குறியீட்டைச் சேமி' });
  await expect(save).toBeVisible();
  await expect(save).toHaveAttribute('download', `${code}-upi.png`);
  expect(qrOfDataUrl((await save.getAttribute('href')) ?? '')).toBe(upiLink);
  // A phone has no camera pointed at itself: the code to scan is for computers.
  await expect(fee.getByRole('img')).toBeHidden();
  expect(await axeProblems(page)).toEqual([]);
  await phone.close();
});

test('an admin imports a bank statement, decides a line, and records a payment by hand; the pages are axe-clean', async ({ page }) => {
  test.setTimeout(120_000);
  const code = await registerChildByApi(page.request, { name: 'Arjun Ledger', email: 'parent7171@example.org', guardianName: 'Karthik Ledger', categories: ['dance'] });
  await openPaymentsSignedIn(page);

  await page.getByLabel('Statement file').setInputFiles(join(FIXTURES, 'hdfc-march-2027.csv'));
  await expect(page.getByText('Check the columns: they were guessed from the header line.')).toBeVisible();
  await expect(page.getByLabel('Credit (deposit)')).toHaveValue('5');
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(/Read 200 lines: 200 new, 0 already imported/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Could not be read' })).toHaveCount(3);
  expect(await axeProblems(page)).toEqual([]);

  // A donation nobody owes: set aside, and back.
  const donation = page.getByRole('row').filter({ hasText: 'Donation' }).first();
  await donation.getByRole('button', { name: 'Not a fee' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Donation' }).filter({ hasText: 'Ignored' })).toHaveCount(1);

  // Arjun's family paid in cash at the office: recorded by hand, with a receipt number.
  await page.goto(`/admin/registrations?q=${code}`);
  await page.getByRole('button', { name: 'Details of Arjun Ledger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registration of Arjun Ledger' });
  await expect(dialog).toContainText('Unpaid: due ₹99, paid ₹0.');
  await dialog.getByLabel('Method').selectOption('cash');
  await dialog.getByLabel('Amount (₹)').fill('99');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog.getByText(/Recorded: receipt R-\d{6}\./)).toBeVisible();
  await expect(dialog).toContainText('Paid: due ₹99, paid ₹99.');
  expect(await axeProblems(page)).toEqual([]);
});

test('a narration "KTC fee KTC…" is matched; undoing its import withdraws the payment and its receipt, and the family is told', async ({ page, world: { smtp } }) => {
  test.setTimeout(120_000);
  const code = await registerChildByApi(page.request, { name: 'Nila Undo', email: 'parent8181@example.org', guardianName: 'Meena Undo', categories: ['dance'] });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  const statement = [
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    // The family wrote the word "fee" after a first KTC, and the code with no dashes after a second.
    `${day},KTC fee ${code.replace(/-/g, '')},E2EUNDO0000001,${day},,99.00,"10,099.00"`,
  ].join('\n');
  await openPaymentsSignedIn(page);

  await page.getByLabel('Statement file').setInputFiles({ name: 'e2e-undo.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await expect(page.getByLabel('Credit (deposit)')).toHaveValue('5');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/Read 1 lines: 1 new, 0 already imported\. Matched: 1/)).toBeVisible();
  // The statement's line (₹99) among the matched lines, not the file's preview above (99.00).
  await page.getByLabel('Show').selectOption('matched');
  const line = page.getByRole('row').filter({ hasText: `KTC fee ${code.replace(/-/g, '')}` }).filter({ hasText: '₹99' });
  await expect(line).toContainText('Matched');
  await expect(line).toContainText(code);
  await expect.poll(() => smtp.received.some((m) => new RegExp(`^Payment received: receipt R-\\d{6} for ${code}$`).test(m.parsed.subject ?? '')), { timeout: 30_000 }).toBe(true);

  // The statement was the wrong account's: the whole import is undone.
  const imported = page.getByRole('row').filter({ hasText: 'e2e-undo.csv' });
  await expect(imported).toContainText(ADMIN.username);
  await imported.getByRole('button', { name: 'Undo the import of e2e-undo.csv' }).click();
  await imported.getByRole('button', { name: 'Undo the import', exact: true }).click();
  await expect(imported).toContainText('Undone: 1 payment withdrawn, 1 family told by email.');
  await expect(imported).toContainText(`Undone by ${ADMIN.username}`);
  await expect(line).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  await expect.poll(() => smtp.received.some((m) => new RegExp(`^Receipt R-\\d{6} for ${code} withdrawn$`).test(m.parsed.subject ?? '')), { timeout: 30_000 }).toBe(true);
  const list = (await (await page.request.get(`/api/registrations?q=${code}`)).json()) as { items: { id: string }[] };
  const detail = (await (await page.request.get(`/api/registrations/${list.items[0]!.id}`)).json()) as { payment: { status: string; entries: { voidReason: string | null }[] } };
  expect(detail.payment.status).toBe('unpaid');
  expect(detail.payment.entries).toEqual([expect.objectContaining({ voidReason: 'Statement import undone' })]);
});

/** The admin's payments page, signed in through the page with password and authenticator code. */
async function openPaymentsSignedIn(page: Page): Promise<void> {
  await page.goto('/admin/payments');
  await signInOnThisPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
}
