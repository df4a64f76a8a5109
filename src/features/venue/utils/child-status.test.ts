import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { CheckInRecord, FeeRecord } from '@/lib/outbox';
import { rosterRow } from '../testing';
import { checkInSentence, feeSentence } from './child-status';

const HERE = 'dev-here';
const THERE = 'dev-there';
const session = { feeRupees: 333 };

function localCheckIn(firstCheckIn: CheckInRecord['firstCheckIn'] = null): CheckInRecord {
  return {
    id: 'c1',
    kind: 'check-in',
    status: firstCheckIn ? 'synced' : 'queued',
    staffUsername: 'hall-staff-b',
    childName: 'Kavin',
    referenceCode: 'KTC-AAAA-BBBB',
    payload: { id: 'c1', registrationId: 'r1', sessionId: 's1', deviceId: HERE, checkedInAt: '2027-04-18T02:40:00.000Z' },
    firstCheckIn,
    ageWarning: null,
  } as CheckInRecord;
}

function localFee(firstFee: FeeRecord['firstFee'] = null): FeeRecord {
  return {
    id: 'f1',
    kind: 'fee',
    status: 'synced',
    staffUsername: 'hall-staff-b',
    childName: 'Kavin',
    referenceCode: 'KTC-AAAA-BBBB',
    payload: { id: 'f1', registrationId: 'r1', sessionId: 's1', deviceId: HERE, status: 'paid', amountRupees: 333, recordedAt: '2027-04-18T02:45:00.000Z' },
    firstFee,
  } as FeeRecord;
}

const first = { at: '2027-04-18T02:25:00.000Z', by: 'hall-staff-a', deviceId: THERE };

describe('what the child card says of a check-in', () => {
  it('says nothing while the child is not checked in', () => {
    expect(checkInSentence(rosterRow(), undefined, HERE)).toBeNull();
  });

  it('a check-in made on this phone reads as this device’s', () => {
    expect(checkInSentence(rosterRow(), localCheckIn(), HERE)).toMatch(/^Checked in at .* by hall-staff-b on this device\.$/);
  });

  it('a check-in from the roster made elsewhere names that device', () => {
    expect(checkInSentence(rosterRow({ checkIn: first }), undefined, HERE)).toMatch(/^Already checked in at .* by hall-staff-a on device dev-there\.$/);
  });

  it('when another device was first: one sentence naming it, never this device’s own check-in', () => {
    for (const child of [rosterRow(), rosterRow({ checkIn: first })]) {
      const sentence = checkInSentence(child, localCheckIn(first), HERE)!;
      expect(sentence).toMatch(/^Another device was first: checked in at .* by hall-staff-a on device dev-there\.$/);
      expect(sentence).not.toContain('hall-staff-b');
      expect(sentence).not.toContain('this device');
      expect(sentence.match(/\./g)).toHaveLength(1);
    }
  });

  it('names the other device by the name staff gave it', () => {
    const named = { ...first, deviceName: 'Hall phone 2' };
    expect(checkInSentence(rosterRow(), localCheckIn(named), HERE)).toMatch(/^Another device was first: checked in at .* by hall-staff-a on Hall phone 2\.$/);
  });

  it('says it in Tamil on a Tamil page, still one sentence naming the device', () => {
    i18n.activate('ta');
    try {
      const sentence = checkInSentence(rosterRow(), localCheckIn({ ...first, deviceName: 'Hall phone 2' }), HERE)!;
      expect(sentence).toMatch(/^வேறொரு சாதனம் முதலில் பதிவு செய்தது: .*, hall-staff-a, சாதனம்: Hall phone 2\.$/);
      expect(checkInSentence(rosterRow(), localCheckIn(), HERE)).toMatch(/^வருகை பதிவானது: .*, hall-staff-b, சாதனம்: இந்தச் சாதனம்\.$/);
    } finally {
      i18n.activate('en');
    }
  });
});

describe('what the child card says of the fee', () => {
  it('says nothing while no fee is recorded', () => {
    expect(feeSentence(rosterRow(), undefined, session, HERE)).toBeNull();
  });

  it('a fee taken on this phone reads as this device’s', () => {
    expect(feeSentence(rosterRow(), localFee(), session, HERE)).toMatch(/^Fee paid \(₹333\) at .* by hall-staff-b on this device\.$/);
  });

  it('when another device recorded it first: one sentence naming that device and what it recorded', () => {
    const sentence = feeSentence(rosterRow(), localFee({ ...first, status: 'waived' }), session, HERE);
    expect(sentence).toMatch(/^Another device recorded the fee first: waived at .* by hall-staff-a on device dev-there\.$/);
  });
});
