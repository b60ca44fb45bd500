import type { MathfieldElement } from 'mathlive';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../button';
import { Content } from '../content/content';
import { Modal } from '../modal';
import { TextField } from '../text-field';

/** MathLive, loaded once, when the first formula is written. */
async function loadMathLive(): Promise<typeof MathfieldElement> {
  const [{ MathfieldElement: Element }] = await Promise.all([
    import('mathlive'),
    import('mathlive/fonts.css'),
  ]);
  // The fonts come with the stylesheet, bundled; MathLive must not fetch them from a folder
  // beside its script, which the bundle does not have. No sounds on key presses.
  Element.fontsDirectory = null;
  Element.soundsDirectory = null;
  return Element;
}

interface FormulaDialogProps {
  initialTex: string;
  initialDisplay: boolean;
  /** A formula already in the text is being changed, rather than a new one written. */
  editing: boolean;
  onInsert: (tex: string, display: boolean) => void;
  onClose: () => void;
}

/**
 * The formula editor: MathLive's visual input (with its virtual keyboard on touch screens, and a
 * button for it elsewhere) and the same formula as TeX, each following the other, over a preview
 * drawn by the renderer the student's page uses.
 */
export default function FormulaDialog({
  initialTex,
  initialDisplay,
  editing,
  onInsert,
  onClose,
}: FormulaDialogProps) {
  const formId = useId();
  const labelId = useId();
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  const [tex, setTex] = useState(initialTex);
  const [display, setDisplay] = useState(initialDisplay);
  const preview = useDeferredValue(tex.trim());
  const [visualFailed, setVisualFailed] = useState(false);

  // The dialog opens at once with the TeX field; the visual input joins it once MathLive has
  // loaded, and if it cannot load (a dropped connection) the TeX field still writes the formula.
  useEffect(() => {
    let mounted: MathfieldElement | null = null;
    let frame = 0;
    let closed = false;
    loadMathLive().then(
      (Element) => {
        const container = host.current;
        if (closed || !container) return;
        const mathfield = new Element();
        mathfield.setAttribute('aria-labelledby', labelId);
        mathfield.className = 'block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-xl';
        mathfield.value = initialTex;
        mathfield.addEventListener('input', () => setTex(mathfield.value));
        container.append(mathfield);
        mounted = mathfield;
        field.current = mathfield;
        // After the dialog has put focus on its first control: the formula is what is written.
        frame = requestAnimationFrame(() => mathfield.focus());
      },
      () => setVisualFailed(true),
    );
    return () => {
      closed = true;
      cancelAnimationFrame(frame);
      mounted?.remove();
      field.current = null;
    };
  }, [initialTex, labelId]);

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title={editing ? 'Edit formula' : 'Insert formula'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!tex.trim()}>
            {editing ? 'Update formula' : 'Insert formula'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (tex.trim()) onInsert(tex, display);
        }}
      >
        <div>
          <p id={labelId} className="mb-1.5 text-sm font-medium text-slate-700">
            Formula
          </p>
          <div ref={host} data-testid="formula-visual-input" />
          {visualFailed ? (
            <p role="alert" className="text-sm text-amber-800">
              The visual editor could not load. Write the formula as TeX below.
            </p>
          ) : (
            <p className="mt-1.5 text-sm text-slate-500">
              Type as you would say it: / makes a fraction, ^ a power, sqrt a root. The keyboard
              button opens symbols.
            </p>
          )}
        </div>
        <TextField
          label="TeX"
          hint="The same formula as TeX: change either one."
          value={tex}
          spellCheck={false}
          className="[&_input]:font-mono"
          onChange={(event) => {
            setTex(event.target.value);
            field.current?.setValue(event.target.value, { silenceNotifications: true });
          }}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded accent-brand-600"
            checked={display}
            onChange={(event) => setDisplay(event.target.checked)}
          />
          On a line of its own, centred
        </label>
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700">Preview</p>
          <div
            data-testid="formula-preview"
            className="min-h-12 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-2"
          >
            {preview ? (
              <Content source={display ? `$$${preview}$$` : `$${preview}$`} />
            ) : (
              <p className="text-sm text-slate-500">The formula shows here as students see it.</p>
            )}
          </div>
        </div>
      </form>
    </Modal>
  );
}
