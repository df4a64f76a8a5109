import type { CertificateStatement } from '@domain/certificates';
import type { Deps } from '../../server/context';
import { certificates } from '../../server/db/schema';
import { newCertificateId } from '../../server/db/stores/certificate-store';
import { signerFor } from '../../server/certificates/signing';

/**
 * A certificate of a registration, signed with the server's real key, as publishing issues it
 * (for tests of the routes around certificates, not of who gets one: that is certificates.routes.test.ts).
 */
export async function issuedCertificate(deps: Deps, registrationId: string, childName = 'Test Child'): Promise<string> {
  const signer = await signerFor(deps.database.db, deps.env.CERTIFICATE_SIGNING_KEY);
  const id = newCertificateId();
  const statement: CertificateStatement = {
    id,
    language: 'en',
    season: 'Kids Talent Competition 2027',
    level: 1,
    category: 'drawing',
    contest: 'Drawing Competition',
    ageBand: '6–8 years',
    childName,
    award: 'participated',
    issuedOn: '2027-05-01',
  };
  await deps.database.db.insert(certificates).values({
    id,
    registrationId,
    levelId: 'level1',
    category: 'drawing',
    ageBand: '6-8',
    award: 'participated',
    statement,
    jws: await signer.sign(statement),
    kid: signer.kid,
    issuedBy: 'test-admin',
  });
  return id;
}
