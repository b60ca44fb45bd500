import { describe, expect, it } from 'vitest';
import {
  describeImage,
  formulaAt,
  insertCodeBlock,
  insertFormula,
  insertImage,
  insertTable,
  type Selection,
  TABLE_TEMPLATE,
  type TextEdit,
  toggleInline,
  toggleList,
} from './markdown-edits';

/** The text after the edit, with the new selection marked by [ and ]. */
function after({ value }: Selection, edit: TextEdit): string {
  const text = value.slice(0, edit.start) + edit.text + value.slice(edit.end);
  return `${text.slice(0, edit.selectStart)}[${text.slice(edit.selectStart, edit.selectEnd)}]${text.slice(edit.selectEnd)}`;
}

/** A selection written with [ and ] around the selected text. */
function selection(marked: string): Selection {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}

const edit = (marked: string, change: (s: Selection) => TextEdit) =>
  after(selection(marked), change(selection(marked)));

describe('bold and italic', () => {
  it('wrap the selection, leaving its outer spaces outside', () => {
    expect(edit('Find [the area ]of it', (s) => toggleInline(s, 'bold'))).toBe(
      'Find **[the area]** of it',
    );
    expect(edit('Find [x]', (s) => toggleInline(s, 'italic'))).toBe('Find *[x]*');
  });

  it('insert a placeholder to type over when nothing is selected', () => {
    expect(edit('Find []', (s) => toggleInline(s, 'bold'))).toBe('Find **[bold text]**');
  });

  it('come off again when pressed on bold or italic text', () => {
    expect(edit('Find **[x]**', (s) => toggleInline(s, 'bold'))).toBe('Find [x]');
    expect(edit('Find *[x]*', (s) => toggleInline(s, 'italic'))).toBe('Find [x]');
  });

  it('italic inside bold adds italic rather than taking bold apart', () => {
    expect(edit('**[x]**', (s) => toggleInline(s, 'italic'))).toBe('***[x]***');
  });
});

describe('lists', () => {
  it('turn the selected lines into items', () => {
    expect(edit('Steps:\n\n[one\ntwo]', (s) => toggleList(s, 'bulleted'))).toBe(
      'Steps:\n\n[- one\n- two]',
    );
    expect(edit('[one\ntwo]', (s) => toggleList(s, 'numbered'))).toBe('[1. one\n2. two]');
  });

  it('start on a line of their own after a paragraph', () => {
    expect(edit('Steps:\n[one]', (s) => toggleList(s, 'bulleted'))).toBe('Steps:\n[\n- one]');
  });

  it('give an empty line an item to type over', () => {
    expect(edit('[]', (s) => toggleList(s, 'bulleted'))).toBe('- [List item]');
  });

  it('become lines again when pressed on a list, and change kind', () => {
    expect(edit('[- one\n- two]', (s) => toggleList(s, 'bulleted'))).toBe('[one\ntwo]');
    expect(edit('[- one\n- two]', (s) => toggleList(s, 'numbered'))).toBe('[1. one\n2. two]');
  });
});

describe('blocks', () => {
  it('a code block fences the selection on lines of its own', () => {
    expect(edit('Run [print(1)] now', insertCodeBlock)).toBe(
      'Run \n\n```\n[print(1)]\n```\n\n now',
    );
  });

  it('an empty code block selects a placeholder; backticks inside lengthen the fence', () => {
    expect(edit('[]', insertCodeBlock)).toBe('```\n[code]\n```');
    expect(edit('[a ``` b]', insertCodeBlock)).toBe('````\n[a ``` b]\n````');
  });

  it('a table with a header row follows the selection, its first heading selected', () => {
    expect(edit('Truth table:[]', insertTable)).toBe(
      `Truth table:\n\n| [Column 1] | ${TABLE_TEMPLATE.slice('| Column 1 | '.length)}`,
    );
  });
});

describe('formulas', () => {
  it('are written inline as $…$ at the caret, or as a display formula on its own line', () => {
    expect(edit('Solve [] now', (s) => insertFormula(s, 'x^2 = 4', false))).toBe(
      'Solve $x^2 = 4$[] now',
    );
    expect(edit('Solve:[]', (s) => insertFormula(s, '\\int_0^1 x\\,dx', true))).toBe(
      'Solve:\n\n$$\\int_0^1 x\\,dx$$[]',
    );
  });

  it('are found around the caret, inline or display, so that they can be edited', () => {
    expect(formulaAt(selection('Solve $x^[]2$ now'))).toEqual({
      start: 6,
      end: 11,
      tex: 'x^2',
      display: false,
    });
    expect(formulaAt(selection('$$\\frac{a}{[]b}$$'))).toMatchObject({
      tex: '\\frac{a}{b}',
      display: true,
    });
    expect(formulaAt(selection('Costs \\$5 and [] \\$6'))).toBeNull();
    expect(formulaAt(selection('Solve []$x$'))).toBeNull();
  });

  it('replace the formula being edited', () => {
    const s = selection('Solve $x^[]2$ now');
    const formula = formulaAt(s);
    expect(after(s, insertFormula(s, 'x^3', false, formula))).toBe('Solve $x^3$[] now');
  });
});

describe('images', () => {
  const id = 'a'.repeat(64);

  it('are written as a media reference; selected text becomes the description', () => {
    expect(edit('See [] below', (s) => insertImage(s, id))).toBe(`See ![](media:${id})[] below`);
    expect(edit('See [a red circuit ]now', (s) => insertImage(s, id))).toBe(
      `See ![a red circuit](media:${id})[]now`,
    );
  });

  it('go on lines of their own at the end of a line, as after a table', () => {
    expect(edit('| a |\n| --- |\n| 1 |[]', (s) => insertImage(s, id))).toBe(
      `| a |\n| --- |\n| 1 |\n\n![](media:${id})[]`,
    );
  });

  it('get their description written into the first reference without one', () => {
    const value = `See ![](media:${id})`;
    const change = describeImage(value, id, 'Two resistors] in series');
    expect(change && after({ value, start: 0, end: 0 }, change)).toBe(
      `See ![Two resistors\\] in series](media:${id})[]`,
    );
    expect(describeImage('No image', id, 'x')).toBeNull();
  });
});
