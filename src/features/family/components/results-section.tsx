import { useT } from '@/lib/i18n/use-t';
import { useFamilyResults, type FamilyResult } from '../api/get-family-results';
import { categoryMessage } from '../utils/format';

/**
 * The child's published results (issue 24): per contest the score, the place in its contest and
 * age band, and whether the child goes through (the invitation to the semi-finals is answered in
 * the child's path, path-section.tsx). Nothing shows before the organisers publish.
 */
export function ResultsSection({ token }: { token: string }) {
  const { t } = useT();
  const query = useFamilyResults(token);
  const results = query.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <section className="family-section family-results" aria-labelledby="results-heading">
      <h2 id="results-heading">{t('family.results.title')}</h2>
      <ul className="family-results__list">
        {results.map((result) => (
          <ResultLine key={`${result.levelId}-${result.category}`} result={result} />
        ))}
      </ul>
    </section>
  );
}

function ResultLine({ result }: { result: FamilyResult }) {
  const { t } = useT();
  const contest = categoryMessage(result.category) ? t(categoryMessage(result.category) ?? '') : result.category;
  return (
    <li>
      <p>
        {result.final === null || result.place === null
          ? t('family.results.notScored', { contest })
          : t('family.results.line', { contest, score: result.final.toFixed(2), place: result.place, pool: result.pool })}
      </p>
      {result.qualifies ? <p className="form-notice form-notice--success">{t('family.results.through')}</p> : <p>{t('family.results.notThrough')}</p>}
    </li>
  );
}
