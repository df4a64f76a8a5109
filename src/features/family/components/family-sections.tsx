import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { CancelSection } from './cancel-section';
import { CertificatesSection, PublicResultsSection } from './certificates-section';
import { ConsentSection } from './consent-section';
import { EntriesSection } from './entries-section';
import { LinksSection } from './links-section';
import { MyDataSection } from './my-data-section';
import { PathSection } from './path-section';
import { PaymentSection } from './payment-section';
import { ResultsSection } from './results-section';

/**
 * The private page's sections around the child's registration (issue 49): the path through the
 * levels, results, certificates, entries, payment and consent above it; cancelling, the family's
 * data and the older links below. Their code (uploads, forms, the outbox) comes in a chunk of its
 * own, so the registration itself is drawn as soon as it arrives.
 */
export function SectionsAbove({ token, data }: { token: string; data: FamilyRegistrationAnswer }) {
  const { registration: r, consent, consentNeeded, payment } = data;
  const cancelled = r.status === 'cancelled';
  return (
    <>
      {cancelled ? null : <PathSection token={token} data={data} />}
      <ResultsSection token={token} />
      <CertificatesSection token={token} />
      <PublicResultsSection token={token} />
      {cancelled ? null : <EntriesSection token={token} />}

      {payment ? <PaymentSection token={token} payment={payment} referenceCode={r.referenceCode} /> : null}

      {consentNeeded || consent ? <ConsentSection token={token} consent={consent} consentNeeded={consentNeeded} /> : null}
    </>
  );
}

export function SectionsBelow({ token, data, label }: { token: string; data: FamilyRegistrationAnswer; label: string }) {
  return (
    <>
      {data.registration.status === 'cancelled' ? null : <CancelSection token={token} label={label} />}
      <MyDataSection token={token} erasureRequest={data.erasureRequest} />
      <LinksSection token={token} />
    </>
  );
}

export { MyDataSection };
