import { describe, expect, it } from 'vitest';
import { feeLines, onlineFeeDue, upiAddressSchema, upiPayLink, utrSchema } from './fees';

describe('fees', () => {
  it('charge per contest entered, at the mode of each contest', () => {
    expect(onlineFeeDue({ type: 'participant', categories: ['dance'] })).toBe(99);
    expect(onlineFeeDue({ type: 'participant', categories: ['dance', 'yoga', 'drawing'] })).toBe(297);
    expect(feeLines({ type: 'participant', categories: ['dance', 'crawling'] })).toEqual([
      { category: 'dance', mode: 'online', rupees: 99 },
      { category: 'crawling', mode: 'in-person', rupees: 333 },
    ]);
    // The baby contests are paid at the venue, in cash.
    expect(onlineFeeDue({ type: 'participant', categories: ['crawling'] })).toBe(0);
  });

  it('charge an institute nothing', () => {
    expect(feeLines({ type: 'institute', categories: ['dance', 'singing'] })).toEqual([]);
    expect(onlineFeeDue({ type: 'institute', categories: ['dance'] })).toBe(0);
  });
});

describe('upiPayLink', () => {
  it('fills in the payee, the exact amount and the reference code as note and transaction reference', () => {
    const link = new URL(upiPayLink({ address: 'kidstalent@okaxis', payeeName: 'Kids Talent Competition', rupees: 297, referenceCode: 'KTC-7F3K-9QX2' }));
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: 'kidstalent@okaxis',
      pn: 'Kids Talent Competition',
      am: '297.00',
      cu: 'INR',
      tn: 'KTC-7F3K-9QX2',
      tr: 'KTC-7F3K-9QX2',
    });
    expect(link.href).not.toContain('+');
  });

  it('writes the payee address with its @ as it is, as the UPI apps read it, and every other value encoded', () => {
    expect(upiPayLink({ address: 'ktc.season@okhdfcbank', payeeName: 'Kids Talent Competition', rupees: 99, referenceCode: 'KTC-7F3K-9QX2' })).toBe(
      'upi://pay?pa=ktc.season@okhdfcbank&pn=Kids%20Talent%20Competition&am=99.00&cu=INR&tn=KTC-7F3K-9QX2&tr=KTC-7F3K-9QX2',
    );
    // A payee name with an @ or a / stays a value of pn.
    const link = upiPayLink({ address: 'a.b@okaxis', payeeName: 'A@B / C', rupees: 1, referenceCode: 'KTC-7F3K-9QX2' });
    expect(link).toContain('pn=A%40B%20%2F%20C&');
  });

  it('escapes what a payee name could use to add parameters', () => {
    const link = new URL(upiPayLink({ address: 'a.b@okaxis', payeeName: 'A & B=1&am=1', rupees: 99, referenceCode: 'KTC-7F3K-9QX2' }));
    expect(link.searchParams.get('pn')).toBe('A & B=1&am=1');
    expect(link.searchParams.getAll('am')).toEqual(['99.00']);
  });
});

describe('upiAddressSchema', () => {
  it.each(['kidstalent@okaxis', 'ktc.chennai-2027@ybl', '9876543210@paytm'])('accepts %s', (address) => {
    expect(upiAddressSchema.safeParse(address).success).toBe(true);
  });
  it.each(['kidstalent', '@okaxis', 'kids talent@okaxis', 'a@b', 'a@okaxis&am=1', 'kidstalent@okaxis?x'])('refuses %j', (address) => {
    expect(upiAddressSchema.safeParse(address).success).toBe(false);
  });
});

describe('utrSchema', () => {
  it.each([
    ['412345678901', '412345678901'],
    [' 4123 4567 8901 ', '412345678901'],
    ['UTR: 412345678901', '412345678901'],
    ['UPI Ref No. 412345678901', '412345678901'],
  ])('reads %j as %s', (typed, utr) => {
    expect(utrSchema.parse(typed)).toBe(utr);
  });
  it.each(['41234567890', '4123456789012', 'ABCD12345678', ''])('refuses %j', (typed) => {
    const result = utrSchema.safeParse(typed);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toMatch(/12-digit/);
  });
});
