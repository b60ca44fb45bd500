import { QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import { draftOf, QuestionReader, type ReadQuestion, wrongFormat } from './interchange';

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER:\s*([A-Z])\s*$/i;

interface Pending {
  text: string[];
  options: { letter: string; text: string }[];
}

function readPending({ text, options }: Pending, letter: string): ReadQuestion {
  const reader = new QuestionReader();
  const questionText = reader.plain(text.join('\n'));
  if (!options.some((option) => option.letter === letter.toUpperCase())) {
    return reader.refuse(MESSAGES.unreadableQuestion(`ANSWER names ${letter}, which is no option`));
  }
  return reader.done(
    draftOf('MCQ', {
      questionText,
      options: options.map((option) => ({
        text: reader.plain(option.text),
        isCorrect: option.letter === letter.toUpperCase(),
      })),
    }),
  );
}

/**
 * Aiken: a question's text, its options `A.` or `A)` one a line, then `ANSWER: A`. Every
 * question is a one-answer multiple choice, with no explanation (the wizard asks for one).
 */
export function readAiken(text: string): ReadQuestion[] {
  const read: ReadQuestion[] = [];
  let pending: Pending = { text: [], options: [] };
  let answers = 0;
  const unfinished = () => {
    if (pending.text.length > 0 || pending.options.length > 0) {
      read.push(new QuestionReader().refuse(MESSAGES.unreadableQuestion('no ANSWER line')));
    }
    pending = { text: [], options: [] };
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const answer = ANSWER.exec(line);
    const option = OPTION.exec(line);
    if (line === '') continue;
    if (answer) {
      answers += 1;
      read.push(readPending(pending, answer[1] as string));
      pending = { text: [], options: [] };
    } else if (option && pending.text.length > 0) {
      pending.options.push({ letter: option[1] as string, text: option[2] as string });
    } else {
      if (pending.options.length > 0) unfinished();
      pending.text.push(line);
    }
  }
  unfinished();
  if (answers === 0) wrongFormat('aiken');
  return read;
}
