import type { Language } from '@domain/languages';
import { CONTACT, SEASON } from '@domain/season';
import { page, paragraphsHtml, paragraphsText } from './family-emails';
import type { MailMessage } from './mail-transport';
import { plural } from '@domain/plural';

/**
 * The emails that are not about a family's registration details: the organisers' answer to a
 * judge application, and the retention notice 48 hours before a season's data is erased
 * (server/retention), in English like the admin area that sends them; and a judge's reminder
 * before the scoring deadline, in the judge's language.
 */

const WORDS: Record<Language, { greeting: string; signature: string }> = {
  en: { greeting: 'Hello,', signature: `The ${SEASON.name} team` },
  ta: { greeting: 'வணக்கம்,', signature: `கிட்ஸ் டேலண்ட் போட்டி ${SEASON.year} குழு` },
};

function message(to: string, subject: string, paragraphs: string[], language: Language = 'en'): MailMessage {
  const { greeting, signature } = WORDS[language];
  const text = paragraphsText([greeting, ...paragraphs, signature]).join('\n');
  const html = page(language, paragraphsHtml([greeting, ...paragraphs, signature]));
  return { to, subject, text, html };
}

export function judgeDecisionEmail(data: { to: string; name: string; expertise: string; decision: 'approved' | 'rejected' }): MailMessage {
  if (data.decision === 'approved') {
    return message(data.to, `Welcome to the ${SEASON.name} judging panel`, [
      `Dear ${data.name}, thank you for applying to judge at the ${SEASON.name}. We are happy to tell you that your application (${data.expertise}) has been approved.`,
      `We will contact you with the contest dates, the venue and your session before the season starts.`,
      `Questions? Write to ${CONTACT.email} or call ${CONTACT.phone}.`,
    ]);
  }
  return message(data.to, `Your application to judge at the ${SEASON.name}`, [
    `Dear ${data.name}, thank you for applying to judge at the ${SEASON.name} (${data.expertise}).`,
    `We have read every application carefully. This season we cannot offer you a place on the judging panel.`,
    `We keep your details only until the season's data is erased, and we would be glad to hear from you again next season.`,
  ]);
}

export function retentionNoticeEmail(data: { to: string; referenceCode: string; erasedOn: string }): MailMessage {
  return message(data.to, `Your registration ${data.referenceCode} will be erased on ${data.erasedOn}`, [
    `The ${SEASON.name} has ended. As our privacy notice promised, we keep a family's details only as long as we need them.`,
    `On ${data.erasedOn} we will erase the personal details of registration ${data.referenceCode}: names, email address, phone number and anything else that could identify you or your child. We keep only anonymous counts (for example how many children took part in each contest).`,
    `You do not need to do anything. If you want a copy of your data before then, open your private link from your confirmation email, or write to ${CONTACT.email}.`,
  ]);
}

/** A judge's invitation (issue 24): the single-use link to set a password, and the username to sign in with. */
export function judgeInviteEmail(data: { to: string; name: string; username: string; link: string; hours: number }): MailMessage {
  return message(data.to, `Your judge account for the ${SEASON.name}`, [
    `Dear ${data.name}, you are invited to judge the online entries of the ${SEASON.name}.`,
    `Set your password here (the link works once, for ${plural(data.hours, { one: '# hour', other: '# hours' })}): ${data.link}`,
    `Then sign in at the judges' page with the username ${data.username}. You score each entry against its contest's rubric; you will not see who the child is.`,
    `If the link has expired, ask us for a new one: write to ${CONTACT.email}.`,
  ]);
}

/**
 * A judge's reminder before the scoring deadline (issue 49), in the judge's language: how many
 * entries are left, the last day, and the link to their queue.
 */
export function judgeReminderEmail(data: { language: Language; to: string; name: string; remaining: number; days: number; lastDay: Date; link: string }): MailMessage {
  const { language, to, name, remaining, days, link } = data;
  const day = new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(data.lastDay);
  if (language === 'ta') {
    return message(
      to,
      `நினைவூட்டல்: ${day} முடிவதற்குள் ${plural(remaining, { one: '# படைப்பை', other: '# படைப்புகளை' }, 'ta')} மதிப்பிடுங்கள்`,
      [
        `அன்புள்ள ${name}, கிட்ஸ் டேலண்ட் போட்டி ${SEASON.year} நிலை 1 படைப்புகளுக்கு மதிப்பெண் வழங்கும் காலம் ${day} இரவுடன் (சென்னை நேரம்) முடிகிறது: இன்னும் ${plural(days, { one: '# நாள் மட்டுமே உள்ளது', other: '# நாட்கள் மட்டுமே உள்ளன' }, 'ta')}. நீங்கள் இன்னும் ${plural(remaining, { one: '# படைப்பை', other: '# படைப்புகளை' }, 'ta')} மதிப்பிட வேண்டியுள்ளது.`,
        `உங்கள் பட்டியலைத் திறக்க: ${link}. ஒவ்வொரு மதிப்பெண்ணும் சேமித்தவுடன் பதிவாகிவிடும்; இணைய இணைப்பு இல்லாதபோதும் கைப்பேசியில் மதிப்பிட்டு, பிறகு அனுப்பலாம்.`,
        `குறித்த நேரத்திற்குள் முடிக்க இயலாவிட்டால், உங்கள் படைப்புகளை வேறொரு நடுவரிடம் ஒப்படைக்க இப்போதே எங்களுக்குத் தெரிவியுங்கள்: ${CONTACT.email} என்ற முகவரிக்கு எழுதுங்கள் அல்லது ${CONTACT.phone} என்ற எண்ணில் அழையுங்கள்.`,
      ],
      'ta',
    );
  }
  return message(to, `Reminder: ${plural(remaining, { one: '# entry', other: '# entries' })} to score by the end of ${day}`, [
    `Dear ${name}, scoring for Level 1 of the ${SEASON.name} closes at the end of ${day} (Chennai time), ${plural(days, { one: '# day', other: '# days' })} from now. You still have ${plural(remaining, { one: '# entry', other: '# entries' })} to score.`,
    `Open your queue: ${link}. Each score is kept as soon as you save it; on a phone you can score offline and send the scores later.`,
    `If you cannot finish in time, tell us now so we can give your entries to another judge: write to ${CONTACT.email} or call ${CONTACT.phone}.`,
  ]);
}
