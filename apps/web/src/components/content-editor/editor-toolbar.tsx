import { MEDIA_UPLOAD } from '@examiq/contracts';
import {
  Bold,
  Code,
  Image,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Sigma,
  Table,
} from 'lucide-react';
import {
  type KeyboardEvent,
  lazy,
  type RefObject,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ProgressBar } from '../progress-bar';
import { AltTextDialog } from './alt-text-dialog';
import { applyEdit, selectionOf } from './apply-edit';
import { ImageUploadsContext, imageProblem } from './image-uploads';
import {
  describeImage,
  type Formula,
  formulaAt,
  insertCodeBlock,
  insertFormula,
  insertImage,
  insertTable,
  type Selection,
  type TextEdit,
  toggleInline,
  toggleList,
} from './markdown-edits';

// MathLive is large: it loads when a formula is first written.
const FormulaDialog = lazy(() => import('./formula-dialog'));

type ToolId = 'bold' | 'italic' | 'bulleted' | 'numbered' | 'table' | 'code' | 'formula' | 'image';

interface Tool {
  id: ToolId;
  label: string;
  icon: LucideIcon;
  /** As a person presses it, shown in the button's tooltip and announced with its name. */
  shortcut?: string;
  edit?: (selection: Selection) => TextEdit;
}

const TOOLS: Tool[] = [
  {
    id: 'bold',
    label: 'Bold',
    icon: Bold,
    shortcut: 'Ctrl+B',
    edit: (s) => toggleInline(s, 'bold'),
  },
  {
    id: 'italic',
    label: 'Italic',
    icon: Italic,
    shortcut: 'Ctrl+I',
    edit: (s) => toggleInline(s, 'italic'),
  },
  {
    id: 'bulleted',
    label: 'Bulleted list',
    icon: List,
    shortcut: 'Ctrl+Shift+8',
    edit: (s) => toggleList(s, 'bulleted'),
  },
  {
    id: 'numbered',
    label: 'Numbered list',
    icon: ListOrdered,
    shortcut: 'Ctrl+Shift+7',
    edit: (s) => toggleList(s, 'numbered'),
  },
  { id: 'table', label: 'Table', icon: Table, edit: insertTable },
  { id: 'code', label: 'Code block', icon: Code, shortcut: 'Ctrl+E', edit: insertCodeBlock },
  { id: 'formula', label: 'Formula', icon: Sigma, shortcut: 'Ctrl+M' },
  { id: 'image', label: 'Image', icon: Image },
];

/** The tool a key press with Ctrl (⌘ on a Mac) asks for; by the key's place for the digits. */
function shortcutTool(event: globalThis.KeyboardEvent): ToolId | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (event.shiftKey) {
    if (event.code === 'Digit8') return 'bulleted';
    if (event.code === 'Digit7') return 'numbered';
    return null;
  }
  const byKey: Partial<Record<string, ToolId>> = {
    b: 'bold',
    i: 'italic',
    m: 'formula',
    e: 'code',
  };
  return byKey[event.key.toLowerCase()] ?? null;
}

interface FormulaEdit {
  selection: Selection;
  formula: Formula | null;
}

type Upload =
  | { state: 'idle' }
  | { state: 'failed'; message: string }
  | { state: 'uploading'; name: string; sent: number };

interface EditorToolbarProps {
  textarea: RefObject<HTMLTextAreaElement | null>;
  answer: boolean;
  /**
   * Over a compact field while it has focus, out of the page's flow: a toolbar that came and went
   * in the flow would move what is under it as the field loses focus, under the pointer that is
   * pressing it. Otherwise joined to the top of the field.
   */
  floating: boolean;
}

/**
 * The formatting toolbar of one content field: one tab stop, arrow keys between its buttons
 * (the ARIA toolbar pattern), Ctrl shortcuts in the field, and images pasted or dropped in.
 */
export default function EditorToolbar({ textarea, answer, floating }: EditorToolbarProps) {
  const uploads = useContext(ImageUploadsContext);
  const images = !answer && uploads !== null;
  const tools = TOOLS.filter((tool) => tool.id !== 'image' || images);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const [formula, setFormula] = useState<FormulaEdit | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [describing, setDescribing] = useState<{ id: string; url: string } | null>(null);

  const run = (id: ToolId) => {
    const element = textarea.current;
    if (!element) return;
    const selection = selectionOf(element);
    const tool = TOOLS.find((candidate) => candidate.id === id);
    if (tool?.edit) applyEdit(element, tool.edit(selection));
    else if (id === 'formula') setFormula({ selection, formula: formulaAt(selection) });
    else if (id === 'image' && upload.state !== 'uploading') picker.current?.click();
  };

  const uploadImage = async (file: File) => {
    const element = textarea.current;
    if (!uploads || !element) return;
    const problem = imageProblem(file);
    if (problem) {
      setUpload({ state: 'failed', message: problem });
      return;
    }
    setUpload({ state: 'uploading', name: file.name, sent: 0 });
    try {
      const media = await uploads.upload(file, (sent) =>
        setUpload({ state: 'uploading', name: file.name, sent }),
      );
      setUpload({ state: 'idle' });
      const selection = selectionOf(element);
      applyEdit(element, insertImage(selection, media._id));
      // Text selected before the upload became the description; otherwise ask for one now.
      if (!selectedText(selection)) setDescribing({ id: media._id, url: media.url });
    } catch (error) {
      setUpload({
        state: 'failed',
        message: getErrorMessage(error, 'The image could not be uploaded'),
      });
    }
  };

  // Latest handlers for the listeners on the textarea, without re-attaching them each render.
  const handlers = useRef({ run, uploadImage });
  handlers.current = { run, uploadImage };
  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.altKey && event.key === 'F10') {
        event.preventDefault();
        buttons.current[0]?.focus();
        return;
      }
      const id = shortcutTool(event);
      if (!id) return;
      event.preventDefault();
      handlers.current.run(id);
    };
    const imageIn = (files: FileList | undefined | null) =>
      [...(files ?? [])].find((file) => file.type.startsWith('image/'));
    const onPaste = (event: ClipboardEvent) => {
      const file = imageIn(event.clipboardData?.files);
      if (!file || !images) return;
      event.preventDefault();
      void handlers.current.uploadImage(file);
    };
    const onDrop = (event: DragEvent) => {
      const file = imageIn(event.dataTransfer?.files);
      if (!file || !images) return;
      event.preventDefault();
      void handlers.current.uploadImage(file);
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('paste', onPaste);
    element.addEventListener('drop', onDrop);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('paste', onPaste);
      element.removeEventListener('drop', onDrop);
    };
  }, [textarea, images]);

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const moves: Partial<Record<string, number>> = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
      buttons.current[next]?.focus();
    } else if (event.key === 'Escape') {
      textarea.current?.focus();
    }
  };

  const insertWrittenFormula = (tex: string, display: boolean) => {
    const element = textarea.current;
    if (!element || !formula) return;
    setFormula(null);
    if (tex.trim())
      applyEdit(element, insertFormula(formula.selection, tex, display, formula.formula));
    else element.focus();
  };

  const describe = (alt: string) => {
    const element = textarea.current;
    if (!element || !describing) return;
    const edit = describeImage(element.value, describing.id, alt);
    setDescribing(null);
    if (edit) applyEdit(element, edit);
  };

  return (
    <div
      className={
        floating
          ? 'absolute bottom-full left-0 z-20 mb-1 hidden max-w-full group-focus-within/editor:block'
          : undefined
      }
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        onKeyDown={onToolbarKeyDown}
        className={cn(
          'flex flex-wrap items-center gap-0.5 border border-slate-300 bg-slate-50 p-1',
          floating ? 'rounded-lg shadow-md' : 'rounded-t-lg border-b-0',
        )}
      >
        {tools.map((tool, index) => {
          const Icon = tool.icon;
          const name = tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label;
          return (
            <button
              key={tool.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              tabIndex={index === focusIndex ? 0 : -1}
              aria-label={name}
              title={name}
              aria-disabled={tool.id === 'image' && upload.state === 'uploading' ? true : undefined}
              // A press keeps the selection in the field: the edit applies to what was selected.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setFocusIndex(index)}
              onClick={() => run(tool.id)}
              className={cn(
                'flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                'focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:opacity-50',
                (tool.id === 'table' || tool.id === 'formula') && 'ml-1.5',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          );
        })}
        {images && (
          <input
            ref={picker}
            type="file"
            accept={MEDIA_UPLOAD.accept}
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void uploadImage(file);
            }}
          />
        )}
      </div>
      <UploadStatus upload={upload} />
      {formula && (
        <Suspense fallback={null}>
          <FormulaDialog
            initialTex={formula.formula?.tex ?? selectedText(formula.selection)}
            initialDisplay={formula.formula?.display ?? false}
            editing={formula.formula !== null}
            onInsert={insertWrittenFormula}
            onClose={() => {
              setFormula(null);
              textarea.current?.focus();
            }}
          />
        </Suspense>
      )}
      {describing && (
        <AltTextDialog
          imageUrl={describing.url}
          onSave={describe}
          onClose={() => setDescribing(null)}
        />
      )}
    </div>
  );
}

function selectedText({ value, start, end }: Selection): string {
  return value.slice(start, end).trim();
}

function UploadStatus({ upload }: { upload: Upload }) {
  if (upload.state === 'uploading') {
    const percent = Math.round(upload.sent * 100);
    return (
      <div className="border-x border-slate-300 bg-white px-3 py-2">
        <ProgressBar
          label={`Uploading ${upload.name}`}
          value={percent}
          max={100}
          valueText={`${percent}%`}
        />
      </div>
    );
  }
  if (upload.state === 'failed') {
    return (
      <p
        role="alert"
        className="border-x border-slate-300 bg-red-50 px-3 py-2 text-sm text-red-700"
      >
        {upload.message}
      </p>
    );
  }
  return null;
}
