import type { MailSettings } from '../../config';

/** A message as written, before it is kept and sent. */
export interface Message {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

/**
 * One message from paragraphs and one link: the plain text and an HTML part saying the same,
 * with the institution's name and nothing that reports back (no images, no tracking).
 */
function compose(
  settings: MailSettings,
  kind: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
): Message {
  const text = [...paragraphs, `${link.label}: ${link.url}`, `— ${settings.institutionName}`].join(
    '\n\n',
  );
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p>— ${escapeHtml(settings.institutionName)}</p>`,
  ].join('\n');
  return { kind, subject: `${subject} · ${settings.institutionName}`, text, html };
}

/**
 * A single-use link's token in a message (a password reset, an invitation), as an SQL expression
 * over a message column that cuts it. Once the mail server has a message, the outbox keeps it cut,
 * and a backup always does: neither holds a link that still works. Tokens are base64url.
 */
export const withoutLinkTokens = (column: string) =>
  `regexp_replace(${column}, '([?&]token=)[A-Za-z0-9_-]+', '\\1(sent by email, not kept)', 'g')`;

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 30;

/** How long an invitation's set-password link works. */
export const INVITATION_LINK_DAYS = 7;

/** What an exam message says about its exam: its title, its window, and which student's page. */
export interface ExamMessageFacts {
  /** The student's name. */
  name: string;
  /** The exam's `_id`, which the student's pages are addressed by. */
  id: string;
  title: string;
  /** When the exam's window opens and closes, as the institution reads them. */
  opens: string;
  closes: string;
}

const examPage = (settings: MailSettings, exam: ExamMessageFacts) => ({
  label: 'Open the exam',
  url: `${settings.publicUrl}/student/exam/${encodeURIComponent(exam.id)}`,
});

/** Every message the platform writes, one entry each. */
export const MESSAGES = {
  passwordReset: (settings: MailSettings, name: string, token: string) =>
    compose(
      settings,
      'password-reset',
      'Reset your password',
      [
        `Hello ${name},`,
        `Someone, probably you, asked to reset the password of your ExamIQ account. The link below works once, for ${RESET_LINK_MINUTES} minutes.`,
        'If you did not ask for it, ignore this message: your password stays as it is.',
      ],
      {
        label: 'Reset your password',
        url: `${settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      },
    ),
  invitation: (settings: MailSettings, name: string, token: string) =>
    compose(
      settings,
      'invitation',
      'You are invited to ExamIQ',
      [
        `Hello ${name},`,
        `${settings.institutionName} has created an ExamIQ account for you. Choose your password with the link below: it works once, within ${INVITATION_LINK_DAYS} days.`,
        'If the link has expired, ask the admin to send a new one.',
      ],
      {
        label: 'Set your password',
        url: `${settings.publicUrl}/set-password?token=${encodeURIComponent(token)}`,
      },
    ),
  examScheduled: (settings: MailSettings, exam: ExamMessageFacts) =>
    compose(
      settings,
      'exam-scheduled',
      `Exam scheduled: ${exam.title}`,
      [
        `Hello ${exam.name},`,
        `The exam "${exam.title}" has been scheduled for you. It opens on ${exam.opens} and closes on ${exam.closes}.`,
        'The exam page shows its instructions and opens the exam when its window starts.',
      ],
      examPage(settings, exam),
    ),
  examReminder: (settings: MailSettings, exam: ExamMessageFacts, within: 'day' | 'hour') =>
    compose(
      settings,
      within === 'day' ? 'exam-reminder-day' : 'exam-reminder-hour',
      `${within === 'day' ? 'Exam reminder' : 'Exam within the hour'}: ${exam.title}`,
      [
        `Hello ${exam.name},`,
        `A reminder: the exam "${exam.title}" opens on ${exam.opens} and closes on ${exam.closes}.`,
        'You can turn these reminders off from the account menu once signed in.',
      ],
      examPage(settings, exam),
    ),
  resultsPublished: (settings: MailSettings, exam: ExamMessageFacts) =>
    compose(
      settings,
      'results-published',
      `Results published: ${exam.title}`,
      [
        `Hello ${exam.name},`,
        `The results of the exam "${exam.title}" have been published. Your result is on your result page.`,
      ],
      {
        label: 'See your result',
        url: `${settings.publicUrl}/student/result/${encodeURIComponent(exam.id)}`,
      },
    ),
};
