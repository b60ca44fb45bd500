import { BANK_IO_LIMITS, type BankBulkAction, type BankCategory } from '@examiq/contracts';
import { Archive, Download, FolderInput, Tags, Undo2, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import type { BankArea } from '@/lib/question-bank/bank-api';
import { useBulkBankQuestions } from '@/lib/question-bank/bank-io-api';
import type { BankSelection } from './bank-selection';

type Dialog = 'move' | 'tags' | 'retire' | 'draft';

const TITLES: Record<Dialog, string> = {
  move: 'Move questions',
  tags: 'Tag questions',
  retire: 'Retire questions',
  draft: 'Set questions to Draft',
};

/** Tags as typed, separated by commas: 'kvl, loops'. */
const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

interface BulkDialogProps {
  dialog: Dialog;
  area: BankArea;
  courseId: string;
  ids: readonly string[];
  categories: readonly BankCategory[];
  onDone: () => void;
  onClose: () => void;
}

/** Asks what the action needs (a category, tags) or for a confirmation, then runs it. */
function BulkDialog({ dialog, area, courseId, ids, categories, onDone, onClose }: BulkDialogProps) {
  const bulk = useBulkBankQuestions(area);
  const formId = useId();
  const listId = useId();
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState('');
  const [removing, setRemoving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = bulk.isPending ? () => {} : onClose;
  const count = plural(ids.length, 'question');

  async function submit(event: FormEvent) {
    event.preventDefault();
    let action: BankBulkAction = dialog === 'tags' ? 'add-tags' : dialog;
    if (dialog === 'tags' && removing) action = 'remove-tags';
    try {
      const { message } = await bulk.mutateAsync({
        courseId,
        ids: [...ids],
        action,
        ...(dialog === 'move' ? { category } : {}),
        ...(dialog === 'tags' ? { tags: tagsOf(tags) } : {}),
      });
      toast.success(message ?? `${count} changed`);
      onDone();
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0 || fields.ids) {
        setRefusal(fields.ids ?? getServerMessage(error) ?? 'The questions could not be changed');
      }
    }
  }

  const confirmLabel = {
    move: `Move ${count}`,
    tags: removing ? `Remove from ${count}` : `Tag ${count}`,
    retire: `Retire ${count}`,
    draft: `Set ${count} to Draft`,
  }[dialog];

  return (
    <Modal
      open
      onClose={close}
      title={TITLES[dialog]}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={dialog === 'retire' ? 'danger' : 'primary'}
            loading={bulk.isPending}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
        {refusal && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700">
            {refusal}
          </p>
        )}
        {dialog === 'move' && (
          <>
            <TextField
              label="Category"
              placeholder="Unit 3/Kirchhoff"
              hint="Levels separated by /; leave empty for the top of the bank"
              list={listId}
              value={category}
              error={errors.category}
              onChange={(event) => setCategory(event.target.value)}
              autoFocus
            />
            <datalist id={listId}>
              {categories
                .filter((option) => option.path !== '')
                .map((option) => (
                  <option key={option.path} value={option.path} />
                ))}
            </datalist>
          </>
        )}
        {dialog === 'tags' && (
          <>
            <fieldset className="flex gap-4">
              <legend className="sr-only">Add or remove</legend>
              {(['Add tags', 'Remove tags'] as const).map((label, index) => (
                <label key={label} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="tag-action"
                    className="size-4 text-brand-600"
                    checked={removing === (index === 1)}
                    onChange={() => setRemoving(index === 1)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            <TextField
              label="Tags"
              placeholder="kvl, loops"
              hint="Separated by commas; a tag a question has already is kept once"
              value={tags}
              error={errors.tags}
              onChange={(event) => setTags(event.target.value)}
              autoFocus
            />
          </>
        )}
        {dialog === 'retire' && (
          <p>
            {`Retire ${count}? Retired questions are no longer offered for papers; exams that use them keep them. They can be set back to Draft later.`}
          </p>
        )}
        {dialog === 'draft' && (
          <p>{`Set ${count} back to Draft? Each needs to be made Ready again before a paper can use it.`}</p>
        )}
      </form>
    </Modal>
  );
}

interface BankBulkBarProps {
  area: BankArea;
  courseId: string;
  selection: BankSelection;
  categories: readonly BankCategory[];
  /** Whether the user writes questions here: only authors move and tag them. */
  author: boolean;
  onExport: () => void;
}

/** What can be done with the chosen questions, shown while any is chosen. */
export function BankBulkBar({
  area,
  courseId,
  selection,
  categories,
  author,
  onExport,
}: BankBulkBarProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const ids = [...selection.selected];
  if (ids.length === 0) return null;
  return (
    <section
      aria-label="Chosen questions"
      className="mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2"
    >
      <p className="mr-auto text-sm font-medium text-brand-800" aria-live="polite">
        {`${plural(ids.length, 'question')} selected`}
        {ids.length === BANK_IO_LIMITS.selection && (
          <span className="font-normal text-brand-700"> (the most one action takes)</span>
        )}
      </p>
      {author && (
        <>
          <Button size="sm" variant="secondary" onClick={() => setDialog('move')}>
            <FolderInput aria-hidden="true" className="size-4" />
            Move…
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('tags')}>
            <Tags aria-hidden="true" className="size-4" />
            Tag…
          </Button>
        </>
      )}
      <Button size="sm" variant="secondary" onClick={() => setDialog('retire')}>
        <Archive aria-hidden="true" className="size-4" />
        Retire
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setDialog('draft')}>
        <Undo2 aria-hidden="true" className="size-4" />
        Set to Draft
      </Button>
      <Button size="sm" variant="secondary" onClick={onExport}>
        <Download aria-hidden="true" className="size-4" />
        Export…
      </Button>
      <Button size="sm" variant="ghost" onClick={selection.clear}>
        <X aria-hidden="true" className="size-4" />
        Clear
      </Button>
      {dialog && (
        <BulkDialog
          dialog={dialog}
          area={area}
          courseId={courseId}
          ids={ids}
          categories={categories}
          onDone={() => {
            setDialog(null);
            selection.clear();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
