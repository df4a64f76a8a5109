import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAMILY_NOTE_MAX } from '@domain/judging';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { familyLinkIn, tokenOf } from '../../../tests/setup/smtp-test-server';
import { JUDGE_PASSWORD, readyPhotoEntry } from '../../../tests/setup/judging-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { auditLog } from '../../db/schema';
import { signInJudge, withCookie } from '../auth/sign-in-for-tests';

type Results = { results: { category: string; notes: string[]; strongest: string[] }[] };
type Moderation = { entries: { entryId: string; notes: { judgeId: string; username: string; written: string; moderated: string | null; hidden: boolean }[] }[] };

/** Idea and colour above skill and finish, from every judge: the strongest are idea and colour. */
const SHEET = { idea: 9, skill: 6, colour: 8, finish: 5 };

describe.each(testDatabaseKinds())('judges’ notes to families on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('are checked, moderated by an admin before publishing (audited), and reach the family without the hidden ones', async () => {
    const english = await h.register(childRegistration({ name: 'Kavya Sundaram', email: 'kavya.family@example.org', language: 'en', categories: ['drawing'], age: 7 }));
    const tamil = await h.register(childRegistration({ name: 'Mugilan Selvam', email: 'mugilan.family@example.org', language: 'ta', categories: ['drawing'], age: 7 }));
    const kavya = await readyPhotoEntry(h, english.input.referenceCode, 'drawing');
    const mugilan = await readyPhotoEntry(h, tamil.input.referenceCode, 'drawing');
    const cookies: string[] = [];
    for (const n of [1, 2, 3]) cookies.push(await signInJudge(h.t, { username: `notes-judge-${n}`, password: JUDGE_PASSWORD, expertise: 'Drawing Artist' }));
    const opened = await h.admin('/api/judging/rounds', json({ levelId: 'level1' }));
    const { round } = (await opened.json()) as { round: { id: string } };
    const save = (judge: number, entryId: string, familyNote: unknown, editedAt = '2027-04-20T10:00:00Z') =>
      h.t.request(`/api/judge/scores/${entryId}`, withCookie(cookies[judge]!, json({ scores: SHEET, comment: 'For the organisers only.', familyNote, editedAt }, 'PUT')));

    // The note's rules: the same schema as the score sheet on the judge's device.
    const refused = async (note: unknown) => {
      const response = await save(0, kavya, note);
      expect(response.status, JSON.stringify(note)).toBe(422);
      return ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.familyNote;
    };
    expect(await refused('x'.repeat(FAMILY_NOTE_MAX + 1))).toBe(`Keep the note to the family under ${FAMILY_NOTE_MAX} characters.`);
    expect(await refused('Lovely work, see www.example.com')).toBe('Remove the web address from the note to the family.');
    expect(await refused('Lovely\u202e work')).toMatch(/^Remove the hidden control or formatting characters/);
    expect(await refused(42)).toBe('Enter the note to the family as text.');

    // Each judge scores both; three write notes (one with a line break), one writes none.
    expect((await save(0, kavya, '  Bright, happy colours.\r\nKeep drawing every day!  ')).status).toBe(200);
    expect((await save(1, kavya, 'Not a note a family should read.')).status).toBe(200);
    expect((await save(2, kavya, '')).status).toBe(200);
    expect((await save(0, mugilan, 'The idea is lovely.')).status).toBe(200);
    expect((await save(1, mugilan, '')).status).toBe(200);
    expect((await save(2, mugilan, '')).status).toBe(200);
    const queue = (await (await h.t.request('/api/judge/queue', withCookie(cookies[0]!))).json()) as { entries: { entryId: string; sheet: { familyNote: string } }[] };
    expect(queue.entries.find((entry) => entry.entryId === kavya)!.sheet.familyNote).toBe('Bright, happy colours.\nKeep drawing every day!');

    const moderation = async () => (await (await h.admin(`/api/judging/rounds/${round.id}/moderation`)).json()) as Moderation;
    const notesOf = async (entryId: string) => (await moderation()).entries.find((entry) => entry.entryId === entryId)!.notes;
    // In the judges' order (by id): found by their words here.
    const byJudge = (notes: Awaited<ReturnType<typeof notesOf>>, judgeId: string) => notes.find((note) => note.judgeId === judgeId)!;
    const kavyaNotes = await notesOf(kavya);
    expect(kavyaNotes.map((note) => note.written).sort()).toEqual(['Bright, happy colours.\nKeep drawing every day!', 'Not a note a family should read.']);
    const rude = kavyaNotes.find((note) => note.written.startsWith('Not a note'));
    const [idea] = await notesOf(mugilan);
    const moderate = (entryId: string, judgeId: string, body: unknown) => h.admin(`/api/judging/rounds/${round.id}/entries/${entryId}/notes/${judgeId}`, json(body, 'PUT'));

    // While judges score, a note is theirs to change; once scoring closes, the admin moderates.
    expect((await moderate(kavya, rude!.judgeId, { text: null, hidden: true })).status).toBe(409);
    const move = (from: string, to: string) => h.admin(`/api/judging/rounds/${round.id}/state`, json({ from, to }));
    expect((await move('scoring', 'closed')).status).toBe(200);
    expect((await moderate(kavya, rude!.judgeId, { text: null, hidden: 'yes' })).status).toBe(422);
    expect((await moderate(kavya, rude!.judgeId, { text: 'see https://example.com', hidden: false })).status).toBe(422);
    expect((await moderate(kavya, rude!.judgeId, { text: '   ', hidden: false })).status).toBe(422);
    // A judge who wrote no note to an entry has none to moderate.
    const silent = (await (await h.admin(`/api/judging/rounds/${round.id}/moderation`)).json()) as { entries: { entryId: string; panel: { judgeId: string }[] }[] };
    const noNote = silent.entries.find((entry) => entry.entryId === mugilan)!.panel.find((member) => member.judgeId !== idea!.judgeId)!.judgeId;
    expect((await moderate(mugilan, noNote, { text: 'Nice.', hidden: false })).status).toBe(404);

    expect(await (await moderate(kavya, rude!.judgeId, { text: null, hidden: true })).json()).toEqual({ written: rude!.written, moderated: null, hidden: true });
    const reworded = await moderate(mugilan, idea!.judgeId, { text: 'The idea is lovely, and the colours are chosen with care.', hidden: false });
    expect(await reworded.json()).toEqual({ written: 'The idea is lovely.', moderated: 'The idea is lovely, and the colours are chosen with care.', hidden: false });
    expect((await notesOf(kavya)).map((note) => [note.written.slice(0, 6), note.hidden]).sort()).toEqual([
      ['Bright', false],
      ['Not a ', true],
    ]);

    // Each change is in the audit log: who, which note, before and after.
    const { db } = h.t.deps.database;
    const audited = await db.select().from(auditLog).where(and(eq(auditLog.action, 'judging.family_note'), eq(auditLog.entityId, mugilan)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.changes).toEqual({
      judgeId: idea!.judgeId,
      before: { text: null, hidden: false },
      after: { text: 'The idea is lovely, and the colours are chosen with care.', hidden: false },
    });

    // Scoring opened again: the same words sent again keep the admin's wording; new words drop it, and a hidden note stays hidden.
    expect((await move('closed', 'scoring')).status).toBe(200);
    expect((await save(0, mugilan, 'The idea is lovely.', '2027-04-21T10:00:00Z')).status).toBe(200);
    expect((await notesOf(mugilan))[0]).toMatchObject({ written: 'The idea is lovely.', moderated: 'The idea is lovely, and the colours are chosen with care.', hidden: false });
    expect((await moderate(kavya, rude!.judgeId, { text: 'Good work.', hidden: true })).status).toBe(409);
    expect((await save(1, kavya, 'Still not a note a family should read.', '2027-04-21T10:00:00Z')).status).toBe(200);
    expect(byJudge(await notesOf(kavya), rude!.judgeId)).toMatchObject({ written: 'Still not a note a family should read.', moderated: null, hidden: true });
    expect((await move('scoring', 'closed')).status).toBe(200);

    // Published: the families read the visible notes (as the admin worded them) and the strongest criteria, in their language.
    expect((await move('closed', 'results')).status).toBe(200);
    expect((await move('results', 'published')).status).toBe(200);
    expect((await moderate(kavya, rude!.judgeId, { text: null, hidden: false })).status).toBe(409);
    await h.sendMail();
    const mailTo = (email: string) => h.smtp.received.find((mail) => mail.to.includes(email) && /results|முடிவுகள்/.test(mail.parsed.subject ?? ''))!;
    const kavyaMail = mailTo('kavya.family@example.org');
    const mugilanMail = mailTo('mugilan.family@example.org');
    expect(kavyaMail.parsed.text).toContain('Strongest: idea and colour');
    expect(kavyaMail.parsed.text).toContain('From the judges:');
    expect(kavyaMail.parsed.text).toContain('“Bright, happy colours. Keep drawing every day!”');
    expect(mugilanMail.parsed.text).toContain('சிறப்பாக அமைந்தவை: கருத்து மற்றும் வண்ணம்');
    expect(mugilanMail.parsed.text).toContain('“The idea is lovely, and the colours are chosen with care.”');

    const kavyaPage = (await (await h.family(tokenOf(familyLinkIn(kavyaMail)), '/results')).json()) as Results;
    const mugilanPage = (await (await h.family(tokenOf(familyLinkIn(mugilanMail)), '/results')).json()) as Results;
    expect(kavyaPage.results[0]).toMatchObject({ notes: ['Bright, happy colours.\nKeep drawing every day!'], strongest: ['idea', 'colour'] });
    expect(mugilanPage.results[0]).toMatchObject({ notes: ['The idea is lovely, and the colours are chosen with care.'], strongest: ['idea', 'colour'] });

    // The hidden note, and the judge's words the admin replaced, never reach a family; nor does the organisers' comment.
    const everything = JSON.stringify([kavyaPage, mugilanPage]) + [kavyaMail, mugilanMail].map((mail) => `${mail.parsed.text}${mail.parsed.html}`).join('');
    expect(everything).not.toContain('ot a note a family should read.');
    expect(everything).not.toContain('The idea is lovely.');
    expect(everything).not.toContain('For the organisers only.');
  });
});
