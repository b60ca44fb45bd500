import { acceptOfKinds, DEFAULT_UPLOAD_SETTINGS, type QuestionType } from '@examiq/contracts';
import { useWatch } from 'react-hook-form';
import { uploadLimitsText } from '@/components/answer-files';
import {
  BlankInput,
  ChoiceOptions,
  MatchingAnswer,
  MultiChoiceOptions,
  NumberAnswer,
  OrderingAnswer,
  QuestionFrame,
} from '@/components/content/question-view';
import { FileField } from '@/components/file-field';
import { TextArea } from '@/components/text-area';
import { TextField } from '@/components/text-field';
import { shuffledForPaper } from './paper-order';
import type { QuestionForm, QuestionPath, QuestionValues } from './question-values';

interface QuestionPreviewProps {
  path: QuestionPath;
  number: number;
  questionType: QuestionType;
}

/**
 * The question as the student will see it in the attempt, drawn with the attempt's own parts from
 * the card's current values. Mounted only while open, so closed cards watch nothing.
 */
export function QuestionPreview({ path, number, questionType }: QuestionPreviewProps) {
  const question = useWatch<QuestionForm, typeof path>({ name: path });
  const options = (question.options ?? []).map((option, index) => ({
    _id: String(index),
    text: option.text,
  }));
  const parts = (texts: readonly string[] | undefined) =>
    (texts ?? []).map((text, index) => ({ _id: String(index), text }));
  const pairs = question.pairs ?? [];
  // The student never sees the key's order.
  const matches = shuffledForPaper(
    parts([...pairs.map((pair) => pair.match), ...(question.distractors ?? [])]),
    (match) => match.text,
  );
  const shownItems = shuffledForPaper(parts(question.items), (item) => item.text);
  return (
    <QuestionFrame
      number={number}
      marks={Number.isFinite(question.marks) ? question.marks : 0}
      questionText={question.questionText}
      blank={
        questionType === 'FILL_IN_BLANKS'
          ? (blank) => <BlankInput number={blank} value="" readOnly />
          : undefined
      }
    >
      {({ headingId, textId, label }) =>
        questionType === 'FILL_IN_BLANKS' ? null : questionType === 'MATCHING' ? (
          <MatchingAnswer
            prompts={parts(pairs.map((pair) => pair.prompt))}
            matches={matches}
            chosen={{}}
            readOnly
          />
        ) : questionType === 'ORDERING' ? (
          <OrderingAnswer items={shownItems} labelledBy={`${headingId} ${textId}`} readOnly />
        ) : questionType === 'MULTI_SELECT' ? (
          <MultiChoiceOptions
            options={options}
            labelledBy={`${headingId} ${textId}`}
            selected={[]}
            readOnly
          />
        ) : questionType === 'NUMERICAL' ? (
          <NumberAnswer
            label={label}
            number={null}
            unit={null}
            units={(question.units ?? []).map(({ unit }) => unit).filter(Boolean)}
            readOnly
          />
        ) : questionType === 'MCQ' || questionType === 'TRUE_FALSE' ? (
          <ChoiceOptions
            options={options}
            lettered={questionType === 'MCQ'}
            labelledBy={`${headingId} ${textId}`}
            selected={null}
            readOnly
          />
        ) : questionType === 'FILE_UPLOAD' ? (
          <FilePickerPreview label={label} question={question} />
        ) : questionType === 'SHORT_ANSWER' ? (
          <TextField
            label="Your answer"
            aria-label={`Your answer to ${label.toLowerCase()}`}
            readOnly
          />
        ) : (
          <TextArea
            label="Your answer"
            aria-label={`Your answer to ${label.toLowerCase()}`}
            rows={8}
            readOnly
          />
        )
      }
    </QuestionFrame>
  );
}

/**
 * The file picker the student will use, disabled here: the question's limits in words under it,
 * with a number the author is still typing read as its default.
 */
function FilePickerPreview({
  label,
  question,
}: {
  label: string;
  question: Pick<QuestionValues, 'fileTypes' | 'maxFiles' | 'maxFileMb'>;
}) {
  const fileTypes = question.fileTypes ?? [];
  const whole = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isInteger(value) ? value : fallback;
  const maxFiles = whole(question.maxFiles, DEFAULT_UPLOAD_SETTINGS.maxFiles);
  const maxFileMb = whole(question.maxFileMb, DEFAULT_UPLOAD_SETTINGS.maxFileMb);
  return (
    <FileField
      label="Your files"
      aria-label={`Your files for ${label.toLowerCase()}`}
      accept={acceptOfKinds(fileTypes)}
      multiple={maxFiles > 1}
      hint={
        fileTypes.length > 0
          ? uploadLimitsText({ fileTypes, maxFiles, maxFileMb })
          : 'No kind of file is chosen yet.'
      }
      disabled
    />
  );
}
