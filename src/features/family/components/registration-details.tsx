import { useT } from '@/lib/i18n/use-t';
import type { FamilyRegistration } from '../api/family-keys';
import { categoryMessage, formatDateTime } from '../utils/format';

/** Every field the family gave, as the organisers hold it. */
export function RegistrationDetails({ registration: r }: { registration: FamilyRegistration }) {
  const { t, lang } = useT();
  const age = r.age === null ? '—' : t(r.ageUnit === 'months' ? 'family.ageMonths' : 'family.age', { count: r.age });
  const rows: [string, string][] = [
    [t('family.row.type'), r.type === 'participant' ? t('family.row.participant') : t('family.row.institute')],
    ...(r.type === 'participant' ? ([[t('field.name'), r.name ?? '—'], [t('family.row.age'), age]] as [string, string][]) : []),
    [t('form.instituteName'), r.instituteName ?? '—'],
    [t('form.categories'), r.categories.map((slug) => (categoryMessage(slug) ? t(categoryMessage(slug) ?? '') : slug)).join(', ')],
    [t('field.email'), r.email],
    [t('field.phone'), r.phone],
    [t('form.city'), r.city],
    [t('family.row.registeredOn'), formatDateTime(r.createdAt, lang)],
    [t('family.row.changed'), formatDateTime(r.updatedAt, lang)],
  ];
  return (
    <dl className="family-details">
      {rows.map(([term, value]) => (
        <div key={term} className="family-details__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
