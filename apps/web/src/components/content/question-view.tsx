import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  parseStudentNumber,
  readableText,
} from '@examiq/contracts';
import { ArrowDown, ArrowUp, ChevronDown, GripVertical } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { Dropdown } from '../dropdown';
import { TextField } from '../text-field';
import { Content, formulaLabel } from './content';

/** An option's letter by its place: A, B, C… (a multiple select has up to 10). */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

type QuestionFrameProps = Omit<ComponentProps<'article'>, 'children'> & {
  /** Its place within its section, from 1. */
  number: number;
  marks: number;
  questionText: string;
  /** Beside the heading: the review toggle, or the answer's state. */
  aside?: ReactNode;
  /** A fill-in-the-blanks question: what stands in each `[[n]]` of its text. */
  blank?: (number: number) => ReactNode;
  /** The answer: given the ids of the heading and the question's text, which name it. */
  children: (ids: { headingId: string; textId: string; label: string }) => ReactNode;
};

/**
 * A question as a student sees it: number, marks, text, then the answer. The attempt and every
 * preview of a paper draw it with this, so a preview shows what the student will see.
 */
export function QuestionFrame({
  number,
  marks,
  questionText,
  aside,
  blank,
  children,
  className,
  ...article
}: QuestionFrameProps) {
  const headingId = useId();
  const textId = useId();
  const label = `Question ${number}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 min-w-0',
        className,
      )}
      {...article}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {label}
          </h3>
          <p className="text-xs text-slate-500">{plural(marks, 'mark')}</p>
        </div>
        {aside}
      </div>
      <div id={textId} className="mt-3 text-sm text-slate-800 sm:text-base">
        <Content source={questionText} blank={blank} />
      </div>
      <div className="mt-4 empty:hidden">{children({ headingId, textId, label })}</div>
    </article>
  );
}

type ChoiceOptionsProps = {
  options: readonly { _id: string; text: string }[];
  /** MCQ options are lettered; True and False are not. */
  lettered: boolean;
  labelledBy: string;
  selected: string | null;
  readOnly: boolean;
  onSelect?: (optionId: string) => void;
};

/** The options of a choice question, one radio each, labelled with the option's content. */
export function ChoiceOptions({
  options,
  lettered,
  labelledBy,
  selected,
  readOnly,
  onSelect,
}: ChoiceOptionsProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-2">
      {options.map((option, index) => (
        <OptionChoice
          key={option._id}
          type="radio"
          name={name}
          option={option}
          letter={lettered ? optionLetter(index) : undefined}
          checked={selected === option._id}
          readOnly={readOnly}
          onChange={() => onSelect?.(option._id)}
        />
      ))}
    </div>
  );
}

type MultiChoiceOptionsProps = {
  options: readonly { _id: string; text: string }[];
  labelledBy: string;
  selected: readonly string[];
  readOnly: boolean;
  onChange?: (optionIds: string[]) => void;
};

/**
 * The options of a multiple select question, one checkbox each, in a group named by the question
 * and saying that any number may be chosen. The chosen ids keep the options' order.
 */
export function MultiChoiceOptions({
  options,
  labelledBy,
  selected,
  readOnly,
  onChange,
}: MultiChoiceOptionsProps) {
  const legendId = useId();
  const toggle = (optionId: string, checked: boolean) =>
    onChange?.(
      options
        .map((option) => option._id)
        .filter((id) => (id === optionId ? checked : selected.includes(id))),
    );
  return (
    <fieldset aria-labelledby={`${labelledBy} ${legendId}`} className="min-w-0">
      <legend id={legendId} className="mb-2 text-sm text-slate-600">
        Select all that apply.
      </legend>
      <div className="grid gap-2">
        {options.map((option, index) => (
          <OptionChoice
            key={option._id}
            type="checkbox"
            option={option}
            letter={optionLetter(index)}
            checked={selected.includes(option._id)}
            readOnly={readOnly}
            onChange={(checked) => toggle(option._id, checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

type OptionChoiceProps = {
  type: 'radio' | 'checkbox';
  name?: string;
  option: { _id: string; text: string };
  letter: string | undefined;
  checked: boolean;
  readOnly: boolean;
  onChange: (checked: boolean) => void;
};

/** One option as a card: its radio or checkbox, its letter, its content. */
function OptionChoice({
  type,
  name,
  option,
  letter,
  checked,
  readOnly,
  onChange,
}: OptionChoiceProps) {
  return (
    <label
      className={cn(
        'flex items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800 transition-colors',
        'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        readOnly ? 'cursor-default' : 'cursor-pointer hover:border-brand-300',
      )}
    >
      <input
        type={type}
        name={name}
        value={option._id}
        checked={checked}
        disabled={readOnly}
        aria-label={formulaLabel(option.text)}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
      />
      {letter && (
        <span aria-hidden="true" className="font-semibold text-slate-500">
          {letter}
        </span>
      )}
      <Content inline source={option.text} className="min-w-0" />
    </label>
  );
}

export interface NumberAnswerValue {
  /** The number as typed, trimmed; null when empty. Never a text that is not a number. */
  number: string | null;
  unit: string | null;
}

type NumberAnswerProps = NumberAnswerValue & {
  /** 'Question 3': names the inputs, whose visible labels every question shares. */
  label: string;
  units: readonly string[];
  readOnly: boolean;
  onChange?: (value: NumberAnswerValue) => void;
};

/**
 * A numerical question's answer: the number as the student types it (a decimal comma or point,
 * an exponent), and its unit when the question has units. A text that is not a number is not
 * passed on: it says so once left, and the last number stands until the text reads as one.
 */
export function NumberAnswer({
  label,
  number,
  unit,
  units,
  readOnly,
  onChange,
}: NumberAnswerProps) {
  const [typed, setTyped] = useState(number ?? '');
  const [invalid, setInvalid] = useState(false);
  const [passedOn, setPassedOn] = useState(number);
  // An answer changed elsewhere (another tab's save, a reload of the attempt) replaces the text.
  if (number !== passedOn) {
    setPassedOn(number);
    setTyped(number ?? '');
    setInvalid(false);
  }
  const readable = (text: string) => text.trim() === '' || parseStudentNumber(text) !== null;

  const type = (text: string) => {
    setTyped(text);
    if (!readable(text)) return;
    setInvalid(false);
    const next = text.trim() === '' ? null : text.trim();
    setPassedOn(next);
    onChange?.({ number: next, unit });
  };

  return (
    <div className="flex flex-wrap items-start gap-3">
      <TextField
        label="Your answer"
        aria-label={`Your answer to ${label.toLowerCase()}`}
        className="w-full max-w-56"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={ATTEMPT_LIMITS.numberText}
        value={typed}
        readOnly={readOnly}
        error={invalid ? ATTEMPT_MESSAGES.notANumber : undefined}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setInvalid(!readable(typed))}
      />
      {units.length > 0 && (
        <Dropdown
          label="Unit"
          aria-label={`Unit of your answer to ${label.toLowerCase()}`}
          className="w-40"
          placeholder="Choose a unit"
          options={units.map((choice) => ({ value: choice, label: choice }))}
          value={unit ?? ''}
          disabled={readOnly}
          onChange={(event) => onChange?.({ number, unit: event.target.value || null })}
        />
      )}
    </div>
  );
}

type BlankInputProps = {
  /** The blank's number in the text, from 1. */
  number: number;
  value: string;
  readOnly: boolean;
  onChange?: (value: string) => void;
};

/** One blank of a fill-in-the-blanks text, typed into where it stands in the sentence. */
export function BlankInput({ number, value, readOnly, onChange }: BlankInputProps) {
  return (
    <input
      type="text"
      aria-label={`Blank ${number}`}
      autoComplete="off"
      spellCheck={false}
      maxLength={ATTEMPT_LIMITS.blankText}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange?.(event.target.value)}
      className={cn(
        'mx-0.5 inline-block h-8 w-32 max-w-full rounded-md border border-slate-400 bg-white px-2 align-baseline text-sm text-slate-900 shadow-sm',
        'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none',
        readOnly && 'bg-slate-50',
      )}
    />
  );
}

type Part = { _id: string; text: string };

type MatchingAnswerProps = {
  prompts: readonly Part[];
  matches: readonly Part[];
  /** The match chosen for each prompt, by their ids. */
  chosen: Readonly<Record<string, string>>;
  readOnly: boolean;
  onChange?: (chosen: Record<string, string>) => void;
};

/**
 * A matching question's answer: beside each prompt, a native select of the matches offered, which
 * every keyboard, phone and screen reader knows how to use. A pointer may also drag a match from
 * the row above the prompts onto a prompt. A prompt left unchosen is left out.
 */
export function MatchingAnswer({
  prompts,
  matches,
  chosen,
  readOnly,
  onChange,
}: MatchingAnswerProps) {
  const baseId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const choose = (promptId: string, matchId: string) => {
    const { [promptId]: _previous, ...others } = chosen;
    onChange?.(matchId === '' ? others : { ...others, [promptId]: matchId });
  };
  const textOf = (parts: readonly Part[], id: UniqueIdentifier | undefined) =>
    spokenText(parts.find((part) => part._id === id)?.text ?? '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${textOf(matches, active.id)} picked up`,
    onDragOver: ({ active, over }) =>
      over ? `${textOf(matches, active.id)} over ${textOf(prompts, over.id)}` : '',
    onDragEnd: ({ active, over }) =>
      over
        ? `${textOf(matches, active.id)} matched with ${textOf(prompts, over.id)}`
        : `${textOf(matches, active.id)} put back`,
    onDragCancel: ({ active }) => `${textOf(matches, active.id)} put back`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) choose(String(over.id), String(active.id));
  };

  const list = (
    <ul className="grid gap-3" aria-label="Prompts to match">
      {prompts.map((prompt, index) => {
        const id = `${baseId}-${index}`;
        return (
          <PromptRow key={prompt._id} id={prompt._id} droppable={!readOnly}>
            <label htmlFor={id} className="min-w-0 text-sm text-slate-800">
              <Content inline source={prompt.text} />
            </label>
            <div className="relative">
              <select
                id={id}
                aria-label={formulaLabel(prompt.text)}
                value={chosen[prompt._id] ?? ''}
                disabled={readOnly}
                onChange={(event) => choose(prompt._id, event.target.value)}
                className="block w-full appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none disabled:bg-slate-100"
              >
                <option value="">Choose a match</option>
                {matches.map((match) => (
                  // An option holds plain text: a match's markup is read out, not shown.
                  <option key={match._id} value={match._id}>
                    {readableText(match.text)}
                  </option>
                ))}
              </select>
              <ChevronDown
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
              />
            </div>
          </PromptRow>
        );
      })}
    </ul>
  );

  if (readOnly) return list;
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      {/* The lists are a pointer's shortcut to the selects below, which say the same. */}
      <div aria-hidden="true" className="mb-3 flex flex-wrap gap-2">
        {matches.map((match) => (
          <DraggableMatch key={match._id} id={match._id} text={match.text} />
        ))}
      </div>
      {list}
    </DndContext>
  );
}

/** A prompt's row, which a dragged match may be dropped on. */
function PromptRow({
  id,
  droppable,
  children,
}: {
  id: string;
  droppable: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled: !droppable });
  return (
    <li
      ref={setNodeRef}
      data-prompt-row=""
      className={cn(
        'grid items-center gap-x-4 gap-y-1.5 rounded-lg border border-slate-200 px-3 py-2.5 sm:grid-cols-2',
        isOver && 'border-brand-500 bg-brand-50 ring-1 ring-brand-500',
      )}
    >
      {children}
    </li>
  );
}

/** A match offered, dragged by a pointer onto the prompt it answers. */
function DraggableMatch({ id, text }: { id: string; text: string }) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id });
  return (
    <span
      ref={setNodeRef}
      data-drag-match=""
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        'inline-flex cursor-grab touch-none items-center gap-1.5 rounded-full border border-slate-300 bg-white py-1 pr-3 pl-2 text-sm text-slate-800 shadow-sm active:cursor-grabbing',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-500',
      )}
      {...listeners}
    >
      <GripVertical className="size-3.5 text-slate-400" />
      <Content inline source={text} />
    </span>
  );
}

type OrderingAnswerProps = {
  /** The items in the order shown: the student's, or else as the question gives them. */
  items: readonly Part[];
  labelledBy: string;
  readOnly: boolean;
  onChange?: (order: string[]) => void;
};

/** An item's text as a button's name reads it: its words, or a formula's TeX. */
function spokenText(text: string): string {
  return formulaLabel(text) ?? text.replace(/[*_`#>]/g, '').trim();
}

/** Where an item went, as the live region says it. */
const movedText = (text: string, to: number, total: number) =>
  `${spokenText(text)} moved to position ${to + 1} of ${total}`;

const ITEM_CLASS =
  'flex items-center gap-2 rounded-lg border border-slate-300 bg-white py-1.5 pr-1.5 pl-3 text-sm text-slate-800';
const MOVE_BUTTON_CLASS =
  'flex size-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40';

/**
 * An ordering question's answer: the items as a numbered list, each moved with its Move up and
 * Move down buttons, or dragged by its grip with a mouse or a finger. Where an item went is
 * announced, and after a button press focus stays with the item moved.
 */
export function OrderingAnswer({ items, labelledBy, readOnly, onChange }: OrderingAnswerProps) {
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // A press on a Move button is a click, not the start of a drag: a drag begins after 5 px.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));

  useEffect(() => {
    if (refocus === null) return;
    buttons.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const moveTo = (from: number, to: number) => {
    const item = items[from];
    if (!item || to === from || to < 0 || to >= items.length) return;
    onChange?.(
      arrayMove(
        items.map((part) => part._id),
        from,
        to,
      ),
    );
    setAnnouncement(movedText(item.text, to, items.length));
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const id = items[index]?._id;
    if (id === undefined) return;
    moveTo(index, to);
    // At the top or the bottom, the button pressed is disabled: focus goes to the other one.
    const end = by === -1 ? to === 0 : to === items.length - 1;
    setRefocus(`${id}:${(by === -1) !== end ? 'up' : 'down'}`);
  };

  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item._id === id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) moveTo(indexOf(active.id), indexOf(over.id));
  };
  // What a drag says as it goes; its end is the live region's, as for a button press.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `${spokenText(items[indexOf(active.id)]?.text ?? '')} picked up, at position ${indexOf(active.id) + 1} of ${items.length}`,
    onDragOver: ({ active, over }) =>
      over ? movedText(items[indexOf(active.id)]?.text ?? '', indexOf(over.id), items.length) : '',
    onDragEnd: () => '',
    onDragCancel: ({ active }) =>
      `${spokenText(items[indexOf(active.id)]?.text ?? '')} put back where it was`,
  };

  const keep = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  const list = (
    <ol aria-labelledby={labelledBy} className="grid gap-2">
      {items.map((item, index) =>
        readOnly ? (
          <li key={item._id} className={ITEM_CLASS}>
            <ItemNumber index={index} />
            <Content inline source={item.text} className="min-w-0 flex-1" />
          </li>
        ) : (
          <SortableItem key={item._id} id={item._id}>
            <ItemNumber index={index} />
            <Content inline source={item.text} className="min-w-0 flex-1" />
            <span className="flex shrink-0 gap-1">
              <button
                ref={keep(`${item._id}:up`)}
                type="button"
                aria-label={`Move ${spokenText(item.text)} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                className={MOVE_BUTTON_CLASS}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </button>
              <button
                ref={keep(`${item._id}:down`)}
                type="button"
                aria-label={`Move ${spokenText(item.text)} down`}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
                className={MOVE_BUTTON_CLASS}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </button>
            </span>
          </SortableItem>
        ),
      )}
    </ol>
  );

  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">
        Put the items in order with the Move up and Move down buttons, or drag them by their grip.
      </p>
      {readOnly ? (
        list
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext
            items={items.map((item) => item._id)}
            strategy={verticalListSortingStrategy}
          >
            {list}
          </SortableContext>
        </DndContext>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function ItemNumber({ index }: { index: number }) {
  return (
    <span aria-hidden="true" className="w-5 shrink-0 font-semibold text-slate-500 tabular-nums">
      {index + 1}
    </span>
  );
}

/**
 * An item that can be dragged by its grip. The grip is for a pointer alone (the Move buttons are
 * the keyboard's and a screen reader's way), so it is hidden from both; only the grip takes the
 * touch, and the rest of the list still scrolls the page on a phone.
 */
function SortableItem({ id, children }: { id: string; children: ReactNode }) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        ITEM_CLASS,
        'pl-1',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-500',
      )}
    >
      <span
        ref={setActivatorNodeRef}
        aria-hidden="true"
        data-drag-handle=""
        className="flex h-9 w-6 shrink-0 cursor-grab touch-none items-center justify-center text-slate-400 hover:text-slate-600 active:cursor-grabbing"
        {...listeners}
      >
        <GripVertical className="size-4" />
      </span>
      {children}
    </li>
  );
}

/** A blank of a fill-in-the-blanks text where nothing is typed into it: a numbered gap. */
export function BlankGap({ number }: { number: number }) {
  return (
    <span className="mx-0.5 inline-block min-w-16 border-b border-slate-500 px-1 text-center text-xs text-slate-600">
      <span className="sr-only">blank </span>
      {number}
    </span>
  );
}

/** What stands in the blanks of a question's text shown without its inputs: numbered gaps. */
export function gapsOf(questionType: string): ((number: number) => ReactNode) | undefined {
  return questionType === 'FILL_IN_BLANKS' ? (number) => <BlankGap number={number} /> : undefined;
}
