import { strongestPhrase } from '@domain/family-feedback';
import { rubricFor } from '@domain/judging';
import { useT } from '@/lib/i18n/use-t';
import { useFamilyResults, type FamilyResult } from '../api/get-family-results';
import { categoryMessage } from '../utils/format';
import { FamilySection } from './family-section';

/**
 * The child's published results (issue 24): per contest the score, the place in its contest and
 * age band, and whether the child goes through, with the child's strongest criteria in words and
 * the judges' notes (issue 49). The invitation to the semi-finals is answered in the child's path
 * (path-section.tsx). Nothing shows before the organisers publish.
 */
export function ResultsSection({ token }: { token: string }) {
  const { t } = useT();
  const query = useFamilyResults(token);
  const results = query.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <FamilySection headingId="results-heading" className="family-results" title={t('family.results.title')}>
      <ul className="family-results__list">
        {results.map((result) => (
          <ResultLine key={`${result.levelId}-${result.category}`} result={result} />
        ))}
      </ul>
    </FamilySection>
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
      <JudgesWords result={result} />
      {result.qualifies ? <p className="form-notice form-notice--success">{t('family.results.through')}</p> : <p>{t('family.results.notThrough')}</p>}
    </li>
  );
}

/** The strongest criteria in the family's language, then each judge's note as the organisers let it through. */
function JudgesWords({ result }: { result: FamilyResult }) {
  const { t, lang } = useT();
  const rubric = rubricFor(result.category);
  const strongest = rubric.kind === 'scores' && result.strongest.length > 0 ? strongestPhrase(rubric.criteria, result.strongest, lang) : '';
  if (!strongest && result.notes.length === 0) return null;
  return (
    <div className="family-results__words">
      {strongest ? <p className="family-results__strongest">{t('family.results.strongest', { criteria: strongest })}</p> : null}
      {result.notes.length > 0 ? (
        <>
          <p className="family-results__notes-heading">{t('family.results.notes')}</p>
          {result.notes.map((note, index) => (
            // The notes never change once published, and two judges may write the same words.
            <blockquote key={index} className="family-results__note">
              {note}
            </blockquote>
          ))}
        </>
      ) : null}
    </div>
  );
}
