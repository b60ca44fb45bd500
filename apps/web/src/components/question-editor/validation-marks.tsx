import type { MarksWarning } from '@examiq/contracts';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { QuestionForm } from './question-values';

/** A node of react-hook-form's error tree: its own message, a list's `root`, and children. */
type ErrorNode = { message?: unknown; root?: { message?: unknown } } & Record<string, unknown>;

const NOT_CHILDREN = new Set(['message', 'type', 'types', 'ref', 'root']);

interface ListedError {
  /** The path below the node, e.g. ['2', 'options'] for the third question's options. */
  path: string[];
  message: string;
}

/** Every message in an error subtree, in field order. */
export function flattenErrors(node: unknown, path: string[] = []): ListedError[] {
  if (!node || typeof node !== 'object') return [];
  const { message, root } = node as ErrorNode;
  const own = [message, root?.message]
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .map((text) => ({ path, message: text }));
  const children = Object.entries(node)
    .filter(([key]) => !NOT_CHILDREN.has(key))
    .flatMap(([key, child]) => flattenErrors(child, [...path, key]));
  return [...own, ...children];
}

/**
 * The shown errors under one form path. Only this path's changes re-render the caller, so a
 * question card does not redraw when another card's field is checked.
 */
export function useErrorsAt(name: string): ErrorNode | undefined {
  const { control } = useFormContext<QuestionForm>();
  const { errors } = useFormState({ control, name: name as 'questions' });
  return get(errors, name);
}

/** The message of a list's own rule ('MCQ must have at least 2 options'). */
export function listMessage(node: unknown): string | undefined {
  const { message, root } = (node ?? {}) as ErrorNode;
  const text = message ?? root?.message;
  return typeof text === 'string' ? text : undefined;
}

/** The red dot of a section or question card with errors (spec section 2). */
export function ErrorDot({ label }: { label: string }) {
  return (
    <span title={label} className="inline-flex shrink-0 items-center">
      <span aria-hidden="true" className="size-2.5 rounded-full bg-red-500 ring-2 ring-red-100" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

interface ErrorBannerListProps {
  title: string;
  errors: readonly ListedError[];
  /** How an error's path is named in the list, e.g. 'Question 3'. */
  describe?: (path: string[]) => string | undefined;
}

/** A long list would push the cards out of sight; the rest is summed up. */
const LISTED_AT_MOST = 8;

/** The section-level banner listing what is wrong inside a section. */
export function ErrorBannerList({ title, errors, describe }: ErrorBannerListProps) {
  if (errors.length === 0) return null;
  const more = errors.length - LISTED_AT_MOST;
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm">
      <p className="flex items-center gap-2 font-semibold text-red-800">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-9 text-red-700">
        {errors.slice(0, LISTED_AT_MOST).map(({ path, message }) => {
          const where = describe?.(path);
          return (
            <li key={`${path.join('.')}:${message}`}>{where ? `${where}: ${message}` : message}</li>
          );
        })}
        {more > 0 && <li>{`and ${more} more`}</li>}
      </ul>
    </div>
  );
}

/** Marks that do not add up are allowed (optional sections, bonus questions), so only a note. */
export function MarksNotes({ warnings }: { warnings: readonly MarksWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="space-y-1.5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
      {warnings.map((warning) => (
        <p key={warning.path} className="flex gap-2">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
          {warning.message}
        </p>
      ))}
    </div>
  );
}
