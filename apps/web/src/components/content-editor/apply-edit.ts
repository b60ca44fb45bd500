import type { Selection, TextEdit } from './markdown-edits';

export function selectionOf(textarea: HTMLTextAreaElement): Selection {
  return {
    value: textarea.value,
    start: textarea.selectionStart,
    end: textarea.selectionEnd,
  };
}

/**
 * Writes an edit into the textarea as if it were typed: the browser's own insertion keeps it on
 * the undo stack (Ctrl+Z takes a toolbar action back) and fires the input event the form listens
 * to. Where that command is missing, the value is set through the native setter so that React
 * still sees the change.
 */
export function applyEdit(textarea: HTMLTextAreaElement, edit: TextEdit): void {
  textarea.focus();
  textarea.setSelectionRange(edit.start, edit.end);
  const inserted =
    typeof document.execCommand === 'function' &&
    (edit.text === '' && edit.start !== edit.end
      ? document.execCommand('delete')
      : document.execCommand('insertText', false, edit.text));
  if (!inserted) {
    const value = textarea.value.slice(0, edit.start) + edit.text + textarea.value.slice(edit.end);
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
      textarea,
      value,
    );
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }
  textarea.setSelectionRange(edit.selectStart, edit.selectEnd);
}
