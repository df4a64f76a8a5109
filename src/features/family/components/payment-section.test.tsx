// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentSection } from './payment-section';

// A real PNG's first bytes: the page hands the file on exactly as the server drew it.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const LINK = 'upi://pay?pa=kidstalent@okaxis&pn=Kids%20Talent%20Competition&am=99.00&cu=INR&tn=KTC-7F3K-9QX2&tr=KTC-7F3K-9QX2';

const payment = {
  online: { rupees: 99, contests: 1 },
  atVenue: { rupees: 0, contests: 0 },
  owedOnline: 99,
  upi: { link: LINK, address: 'kidstalent@okaxis', payeeName: 'Kids Talent Competition', rupees: 99, qrCode: PNG },
  status: 'unpaid' as const,
  cancelled: false,
  receipts: [],
  refundedRupees: 0,
  reports: [],
};

afterEach(cleanup);

describe('the fee on the family page', () => {
  it('offers the UPI app and the QR code saved as a PNG named after the reference, to scan from the gallery', () => {
    render(<PaymentSection token={'a'.repeat(43)} payment={payment} referenceCode="KTC-7F3K-9QX2" />);
    const section = screen.getByRole('region', { name: 'Entry fee' });
    expect(within(section).getByRole('link', { name: 'Pay ₹99 with a UPI app' }).getAttribute('href')).toBe(LINK);
    const save = within(section).getByRole('link', { name: 'Save the QR code' });
    expect(save.getAttribute('download')).toBe('KTC-7F3K-9QX2-upi.png');
    const href = save.getAttribute('href') ?? '';
    expect(href).toBe(PNG);
    expect(Buffer.from(href.replace(/^data:image\/png;base64,/, ''), 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(section.textContent).toContain('save the QR code and scan it from your gallery in the app');
  });
});
