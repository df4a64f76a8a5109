import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FAMILY_NOTE_MAX, SCORE_SCALE, type Criterion } from '@domain/judging';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { useT, type Translate } from '@/lib/i18n/use-t';
import type { Lang } from '@/lib/i18n/languages';
import { judgeFileHref, type QueueEntry } from '../api/get-judge-queue';
import { useEntryFile } from '../api/offline-entries';
import { ageBandName, categoryName } from '../utils/labels';

export type Sheet = { scores: Record<string, number>; comment: string; familyNote?: string };

type Props = {
  /** "Entry 12" or "Performer 7": all a judge knows it by. */
  title: string;
  /** The contest and age band (and a video's length) under the title. */
  meta: ReactNode;
  /** The entry's photos or video; a live performance has none. */
  media?: ReactNode;
  /** Names the radio groups apart from another sheet's. */
  groupName: string;
  /** The comment's label and note: the organisers' comment, or a live sheet's note. */
  comment: { label: string; note: string };
  /** An online entry's sheet also has a note to the family (issue 49); a live sheet has none. */
  withFamilyNote?: boolean;
  recuseLabel: string;
  criteria: readonly Criterion[];
  /** The sheet to start from: the judge's newest, sent or still on the device. */
  sheet: Sheet | null;
  /** False once the round has closed: the sheet is shown, not changed. */
  open: boolean;
  onSave: (sheet: { scores: Record<string, number | undefined>; comment: string; familyNote: string }) => Promise<Record<string, string> | null>;
  onRecuse: () => void;
};

const SCALE = Array.from({ length: SCORE_SCALE.max - SCORE_SCALE.min + 1 }, (_, index) => SCORE_SCALE.min + index);

/**
 * One entry (or live performance) on the judge's screen: its photos or video, then one score per criterion of its
 * contest's rubric (with what a low and a high score mean, in both languages, the page's first), a
 * comment for the organisers, a note to the family, and "Save and next". Keys 1-9 and 0 (for 10) score the criterion in focus and move to the next one.
 */
export function ScoreSheet({ title, meta, media, groupName, comment: commentWords, withFamilyNote = false, recuseLabel, criteria, sheet, open, onSave, onRecuse }: Props) {
  const { t, lang } = useT();
  const [scores, setScores] = useState<Record<string, number | undefined>>(() => ({ ...(sheet?.scores ?? {}) }));
  const [comment, setComment] = useState(sheet?.comment ?? '');
  const [familyNote, setFamilyNote] = useState(sheet?.familyNote ?? '');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors();
  const groups = useRef<(HTMLFieldSetElement | null)[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each entry mounts its own sheet (the caller keys it by entry): the focus goes to its heading, so a screen reader hears which one.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const choose = (criterionId: string, score: number) => {
    setScores((current) => ({ ...current, [criterionId]: score }));
    form.clear(`scores.${criterionId}`);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || event.altKey || event.ctrlKey || event.metaKey || !/^[0-9]$/.test(event.key)) return;
    const criterion = criteria[index];
    if (!criterion) return;
    event.preventDefault();
    const score = event.key === '0' ? 10 : Number(event.key);
    choose(criterion.id, score);
    const next = groups.current[index + 1];
    const target = next?.querySelector<HTMLInputElement>('input:checked') ?? next?.querySelector<HTMLInputElement>('input');
    if (target) target.focus();
    else document.getElementById(form.field('comment').id)?.focus();
  };

  async function submit() {
    setBusy(true);
    try {
      const problems = await onSave({ scores, comment, familyNote });
      if (problems) form.show(problems);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="work-card score-sheet" aria-labelledby="score-sheet-heading">
      <h2 id="score-sheet-heading" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p className="score-sheet__meta">{meta}</p>
      {media}
      {!open ? <p className="form-notice form-notice--info">{t('judging.sheet.closed')}</p> : null}
      <Form className="form score-sheet__form" onSubmit={submit}>
        <p className="score-sheet__keys" id="score-keys">
          {t('judging.sheet.keys')}
        </p>
        {criteria.map((criterion, index) => {
          const field = form.field(`scores.${criterion.id}`);
          return (
            <fieldset
              key={criterion.id}
              className="score-criterion"
              ref={(element) => {
                groups.current[index] = element;
              }}
              aria-describedby={`${field.id}-scale score-keys${field.error ? ` ${field.id}-error` : ''}`}
              aria-invalid={field.error ? true : undefined}
              disabled={!open}
            >
              <legend>
                <BothLanguages text={criterion.name} lang={lang} />
                <span className="score-criterion__weight"> {t('judging.sheet.weight', { weight: criterion.weight })}</span>
              </legend>
              <p className="score-criterion__scale" id={`${field.id}-scale`}>
                <span>
                  1–3: <BothLanguages text={criterion.low} lang={lang} bracketed />
                </span>
                <span>
                  8–10: <BothLanguages text={criterion.high} lang={lang} bracketed />
                </span>
              </p>
              <div className="score-criterion__choices">
                {SCALE.map((score) => (
                  <label key={score} className="score-choice">
                    <input
                      type="radio"
                      id={score === (scores[criterion.id] ?? SCORE_SCALE.min) ? field.id : undefined}
                      name={`${groupName}-${criterion.id}`}
                      value={score}
                      checked={scores[criterion.id] === score}
                      onChange={() => choose(criterion.id, score)}
                      onKeyDown={onKeyDown(index)}
                    />
                    <span>{score}</span>
                  </label>
                ))}
              </div>
              {field.error ? (
                <p className="form-field__error" id={`${field.id}-error`}>
                  {field.error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <FormField label={commentWords.label} note={commentWords.note} {...form.field('comment')}>
          {(control) => <textarea {...control} rows={3} maxLength={1000} value={comment} disabled={!open} onChange={(e) => setComment(e.target.value)} />}
        </FormField>
        {withFamilyNote ? (
          <FormField label={t('judging.familyNote.label')} note={t('judging.familyNote.note')} hint={t('judging.familyNote.hint', { max: FAMILY_NOTE_MAX })} {...form.field('familyNote')}>
            {(control) => <textarea {...control} rows={3} maxLength={FAMILY_NOTE_MAX} value={familyNote} disabled={!open} onChange={(e) => setFamilyNote(e.target.value)} />}
          </FormField>
        ) : null}
        {open ? (
          <div className="score-sheet__actions">
            <SubmitButton busy={busy}>{busy ? t('judging.saving') : t('judging.sheet.save')}</SubmitButton>
            <button type="button" className="button" onClick={onRecuse}>
              {recuseLabel}
            </button>
          </div>
        ) : null}
      </Form>
    </article>
  );
}

/** A rubric's words in the page's language, then the other's (Tamil marked as Tamil for screen readers and fonts). */
function BothLanguages({ text, lang, bracketed = false }: { text: { en: string; ta: string }; lang: Lang; bracketed?: boolean }) {
  const [first, second] = lang === 'ta' ? [<span lang="ta">{text.ta}</span>, text.en] : [text.en, <span lang="ta">{text.ta}</span>];
  return (
    <>
      {first} {bracketed ? <>({second})</> : second}
    </>
  );
}

/** An online entry's files for its sheet: its photos, or its video. */
export function EntryMedia({ entry }: { entry: QueueEntry }) {
  const { t } = useT();
  return (
    <div className="score-sheet__media">
      {entry.files.map((file) => (
        <EntryFile key={file.position} entry={entry} position={file.position} hasPoster={file.hasPoster} />
      ))}
      {entry.files.length === 0 ? <p className="form-notice form-notice--info">{t('judging.sheet.notReady')}</p> : null}
    </div>
  );
}

/** An entry's contest, age band and a video's length, under its title. */
export function entryMeta(entry: QueueEntry, t: Translate, lang: Lang): string {
  const length = entry.kind === 'video' && entry.durationSeconds ? ` · ${Math.floor(entry.durationSeconds / 60)}:${String(Math.round(entry.durationSeconds % 60)).padStart(2, '0')}` : '';
  return `${categoryName(entry.category, lang)} · ${ageBandName(entry.ageBand, t)}${length}`;
}

function EntryFile({ entry, position, hasPoster }: { entry: QueueEntry; position: number; hasPoster: boolean }) {
  const { t } = useT();
  const src = useEntryFile(judgeFileHref(entry.entryId, position, 'media'));
  const poster = useEntryFile(judgeFileHref(entry.entryId, position, 'poster'));
  if (entry.kind === 'video') {
    // eslint-disable-next-line jsx-a11y/media-has-caption -- a child's own performance: there is no caption track to give
    return <video className="score-sheet__video" src={src} poster={hasPoster ? poster : undefined} controls preload="metadata" aria-label={t('judging.sheet.video', { number: entry.number })} />;
  }
  return <img className="score-sheet__photo" src={src} alt={t('judging.sheet.photo', { number: entry.number, position: position + 1, count: entry.files.length })} />;
}
