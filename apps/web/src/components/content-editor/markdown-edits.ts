/**
 * The toolbar's edits of Markdown source, as pure functions of the text and its selection, so a
 * lecturer who has never seen Markdown gets the syntax written around what they selected.
 */

export interface Selection {
  value: string;
  start: number;
  end: number;
}

/** Replace `start`–`end` with `text`, then select `selectStart`–`selectEnd` of the new value. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
  selectStart: number;
  selectEnd: number;
}

export type InlineStyle = 'bold' | 'italic';
export type ListKind = 'bulleted' | 'numbered';

const INLINE_MARKERS: Record<InlineStyle, { marker: string; placeholder: string }> = {
  bold: { marker: '**', placeholder: 'bold text' },
  italic: { marker: '*', placeholder: 'italic text' },
};

/** Bold or italic around the selection (its outer spaces left outside); again removes it. */
export function toggleInline({ value, start, end }: Selection, style: InlineStyle): TextEdit {
  const { marker, placeholder } = INLINE_MARKERS[style];
  const selected = value.slice(start, end);
  const from = start + (selected.length - selected.trimStart().length);
  const to = end - (selected.length - selected.trimEnd().length);
  const inner = value.slice(from, to);
  const before = value.slice(from - marker.length, from);
  const after = value.slice(to, to + marker.length);
  // `**x**` selected as `x`: a single `*` next to it is bold's, not italic's.
  const doubled =
    style === 'italic' && value[from - 2] === '*' && value[to + 1] === '*' && inner !== '';
  if (inner && before === marker && after === marker && !doubled) {
    const text = inner;
    return {
      start: from - marker.length,
      end: to + marker.length,
      text,
      selectStart: from - marker.length,
      selectEnd: from - marker.length + text.length,
    };
  }
  const text = `${marker}${inner || placeholder}${marker}`;
  return {
    start: from,
    end: to,
    text,
    selectStart: from + marker.length,
    selectEnd: from + text.length - marker.length,
  };
}

const LIST_ITEM = { bulleted: /^(\s*)[-*+] /, numbered: /^(\s*)\d+[.)] / } as const;

/** The selected lines as a list; lines that already are that list's items stop being so. */
export function toggleList({ value, start, end }: Selection, kind: ListKind): TextEdit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end > start && value[end - 1] === '\n' ? end - 1 : end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const pattern = LIST_ITEM[kind];
  const listed = lines.every((line) => pattern.test(line));
  let text: string;
  if (listed) {
    text = lines.map((line) => line.replace(pattern, '$1')).join('\n');
  } else {
    const items = lines.map((line) =>
      line.replace(LIST_ITEM.bulleted, '$1').replace(LIST_ITEM.numbered, '$1'),
    );
    text = items
      .map((line, index) => `${kind === 'bulleted' ? '-' : `${index + 1}.`} ${line || 'List item'}`)
      .join('\n');
  }
  const separation = listed ? '' : blankLineBefore(value, lineStart);
  const replaced = separation + text;
  const onlyPlaceholder = !listed && lines.length === 1 && lines[0] === '';
  return {
    start: lineStart,
    end: lineEnd,
    text: replaced,
    selectStart: onlyPlaceholder ? lineStart + replaced.length - 'List item'.length : lineStart,
    selectEnd: lineStart + replaced.length,
  };
}

/** What puts a block at `at` on a line of its own after a blank line, unless the text starts there. */
function blankLineBefore(value: string, at: number): string {
  const before = value.slice(0, at);
  if (before === '' || before.endsWith('\n\n')) return '';
  return before.endsWith('\n') ? '\n' : '\n\n';
}

function blankLineAfter(value: string, at: number): string {
  const after = value.slice(at);
  if (after === '' || after.startsWith('\n\n')) return '';
  return after.startsWith('\n') ? '\n' : '\n\n';
}

/**
 * A block (a code block, a table, a display formula) on lines of its own at the selection, with
 * `selected` (offsets in `block`) selected afterwards.
 */
function insertBlock(
  { value, start, end }: Selection,
  block: string,
  selected: [number, number],
): TextEdit {
  const before = blankLineBefore(value, start);
  const text = `${before}${block}${blankLineAfter(value, end)}`;
  return {
    start,
    end,
    text,
    selectStart: start + before.length + selected[0],
    selectEnd: start + before.length + selected[1],
  };
}

/** A fenced code block around the selected lines, or an empty one to type into. */
export function insertCodeBlock(selection: Selection): TextEdit {
  const code = selection.value.slice(selection.start, selection.end).replace(/\n$/, '') || 'code';
  // A fence longer than any run of backticks inside keeps the code whole.
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const opening = `${fence}\n`;
  return insertBlock(selection, `${opening}${code}\n${fence}`, [
    opening.length,
    opening.length + code.length,
  ]);
}

export const TABLE_TEMPLATE =
  '| Column 1 | Column 2 |\n| --- | --- |\n| Cell | Cell |\n| Cell | Cell |';

/** A table with a header row after the selection, its first heading selected to be typed over. */
export function insertTable(selection: Selection): TextEdit {
  return insertBlock({ ...selection, start: selection.end }, TABLE_TEMPLATE, [
    2,
    2 + 'Column 1'.length,
  ]);
}

export interface Formula {
  start: number;
  end: number;
  tex: string;
  display: boolean;
}

/** `$…$` and `$$…$$` not escaped; inline TeX neither starts nor ends with a space, as the parser wants. */
const FORMULA =
  /(?<!\\)\$\$([\s\S]+?)(?<!\\)\$\$|(?<![\\$])\$(?![\s$])((?:\\.|[^$\\\n])+?)(?<!\s)\$(?!\$)/g;

/** The formula the caret (or the whole selection) is in, if any. */
export function formulaAt({ value, start, end }: Selection): Formula | null {
  for (const match of value.matchAll(FORMULA)) {
    const from = match.index;
    const to = from + match[0].length;
    const inside = start === end ? from < start && start < to : from <= start && end <= to;
    if (inside) {
      const display = match[1] !== undefined;
      return { start: from, end: to, tex: (display ? match[1] : match[2]) ?? '', display };
    }
    if (from > end) break;
  }
  return null;
}

/** The formula as TeX at the selection, or in place of `replacing` (the formula being edited). */
export function insertFormula(
  selection: Selection,
  tex: string,
  display: boolean,
  replacing?: Formula | null,
): TextEdit {
  const at = replacing ? { ...selection, start: replacing.start, end: replacing.end } : selection;
  const source = tex.trim();
  if (display) {
    const block = `$$${source}$$`;
    return insertBlock(at, block, [block.length, block.length]);
  }
  const text = `$${source}$`;
  return {
    start: at.start,
    end: at.end,
    text,
    selectStart: at.start + text.length,
    selectEnd: at.start + text.length,
  };
}

/**
 * An image of the uploaded medium at the caret: within a line it stays in the sentence; at the
 * start or end of a line (a diagram after a paragraph or a table) it goes on lines of its own.
 * Selected text becomes its description.
 */
export function insertImage(selection: Selection, mediaId: string): TextEdit {
  const { value, start, end } = selection;
  const image = `![${escapeAlt(value.slice(start, end).trim())}](media:${mediaId})`;
  const atLineStart = start === 0 || value[start - 1] === '\n';
  const atLineEnd = end === value.length || value[end] === '\n';
  if (atLineStart || atLineEnd) return insertBlock(selection, image, [image.length, image.length]);
  return {
    start,
    end,
    text: image,
    selectStart: start + image.length,
    selectEnd: start + image.length,
  };
}

/** `[`, `]` and `\` would end or break the description early. */
function escapeAlt(alt: string): string {
  return alt.replace(/[\\[\]]/g, '\\$&').replace(/\s*\n\s*/g, ' ');
}

/** Writes the description of the first image of `mediaId` that has none; null if there is none. */
export function describeImage(value: string, mediaId: string, alt: string): TextEdit | null {
  const reference = `![](media:${mediaId})`;
  const at = value.indexOf(reference);
  if (at === -1) return null;
  const text = escapeAlt(alt.trim());
  const caret = at + reference.length + text.length;
  return { start: at + 2, end: at + 2, text, selectStart: caret, selectEnd: caret };
}
