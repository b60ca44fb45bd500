import { MEDIA_MESSAGES, type Media } from '@examiq/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ContentEditor } from './content-editor';
import { type ImageUploads, ImageUploadsContext } from './image-uploads';

const MEDIA_ID = 'c'.repeat(64);

/** A field as a form holds it: the editor's value is whatever it last reported. */
function Field({ initial = '', answer = false }: { initial?: string; answer?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ContentEditor
        label="Question Text"
        answer={answer}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <output data-testid="stored">{value}</output>
    </>
  );
}

/** Focuses the field (which opens its tools) and selects `selected` within it. */
async function select(selected: string) {
  const field = screen.getByRole('textbox', { name: 'Question Text' });
  act(() => field.focus());
  await screen.findByRole('toolbar', { name: 'Formatting' });
  const at = (field as HTMLTextAreaElement).value.indexOf(selected);
  (field as HTMLTextAreaElement).setSelectionRange(at, at + selected.length);
  return field as HTMLTextAreaElement;
}

const stored = () => screen.getByTestId('stored').textContent;

describe('The content toolbar', () => {
  it('opens when the field is first focused, not before', async () => {
    render(<Field />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await select('');
    for (const name of [
      'Bold (Ctrl+B)',
      'Italic (Ctrl+I)',
      'Bulleted list (Ctrl+Shift+8)',
      'Numbered list (Ctrl+Shift+7)',
      'Table',
      'Code block (Ctrl+E)',
      'Formula (Ctrl+M)',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('writes bold, lists, a table and a code block around the selection', async () => {
    const user = userEvent.setup();
    render(<Field initial={'Find the area\nfirst\nsecond'} />);
    await select('area');
    await user.click(screen.getByRole('button', { name: 'Bold (Ctrl+B)' }));
    expect(stored()).toBe('Find the **area**\nfirst\nsecond');

    await select('first\nsecond');
    await user.click(screen.getByRole('button', { name: 'Numbered list (Ctrl+Shift+7)' }));
    expect(stored()).toBe('Find the **area**\n\n1. first\n2. second');

    await select('second');
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(stored()).toContain('2. second\n\n| Column 1 | Column 2 |\n| --- | --- |');

    await select('Find');
    await user.click(screen.getByRole('button', { name: 'Code block (Ctrl+E)' }));
    expect(stored()).toMatch(/^```\nFind\n```\n\n the \*\*area\*\*/);
  });

  it('answers its shortcuts in the field', async () => {
    const user = userEvent.setup();
    render(<Field initial="one two" />);
    await select('one');
    await user.keyboard('{Control>}b{/Control}');
    expect(stored()).toBe('**one** two');
    await select('two');
    await user.keyboard('{Control>}i{/Control}');
    expect(stored()).toBe('**one** *two*');
    await select('**one** *two*');
    await user.keyboard('{Control>}{Shift>}8{/Shift}{/Control}');
    expect(stored()).toBe('- **one** *two*');
  });

  it('is one tab stop whose buttons the arrow keys move between, Escape going back to the field', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const field = await select('');
    await user.keyboard('{Alt>}{F10}{/Alt}');
    const bold = screen.getByRole('button', { name: 'Bold (Ctrl+B)' });
    expect(bold).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic (Ctrl+I)' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Formula (Ctrl+M)' })).toHaveFocus();
    const stops = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') === '0');
    expect(stops).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(field).toHaveFocus();
  });

  it('inserts a formula written as TeX in the formula editor, and edits it again', async () => {
    const user = userEvent.setup();
    render(<Field initial="Solve  now" />);
    const field = await select('');
    field.setSelectionRange(6, 6);
    await user.keyboard('{Control>}m{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Insert formula' });
    await user.type(screen.getByRole('textbox', { name: 'TeX' }), 'x^2=4');
    await user.click(screen.getByRole('button', { name: 'Insert formula' }));
    expect(stored()).toBe('Solve $x^2=4$ now');
    expect(dialog).not.toBeInTheDocument();

    field.setSelectionRange(8, 8);
    await user.click(screen.getByRole('button', { name: 'Formula (Ctrl+M)' }));
    await screen.findByRole('dialog', { name: 'Edit formula' });
    const tex = screen.getByRole('textbox', { name: 'TeX' });
    expect(tex).toHaveValue('x^2=4');
    await user.clear(tex);
    await user.type(tex, '\\frac{{1}{{2}');
    await user.click(screen.getByRole('checkbox', { name: 'On a line of its own, centred' }));
    await user.click(screen.getByRole('button', { name: 'Update formula' }));
    expect(stored()).toBe('Solve \n\n$$\\frac{1}{2}$$\n\n now');
    // The formula editor's first load compiles MathLive's module.
  }, 30_000);

  it('offers no images in a student answer', async () => {
    render(<Field answer />);
    await select('');
    expect(screen.queryByRole('button', { name: 'Image' })).not.toBeInTheDocument();
  });
});

describe('Images in content', () => {
  /** Uploads that wait to be answered, recording what they were sent. */
  function pendingUploads() {
    const sent: File[] = [];
    let answer: (media: Media) => void = () => {};
    let progress: (share: number) => void = () => {};
    const uploads: ImageUploads = {
      upload: (file, onProgress) => {
        sent.push(file);
        progress = onProgress;
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
      adopt: () => {},
    };
    return {
      uploads,
      sent,
      progress: (share: number) => act(() => progress(share)),
      finish: () =>
        act(() =>
          answer({
            _id: MEDIA_ID,
            contentType: 'image/png',
            width: 10,
            height: 10,
            bytes: 100,
            url: '/api/media/x',
          }),
        ),
    };
  }

  function renderWithUploads(uploads: ImageUploads, initial = 'See  here') {
    render(
      <ImageUploadsContext value={uploads}>
        <Field initial={initial} />
      </ImageUploadsContext>,
    );
  }

  const picker = () => document.querySelector<HTMLInputElement>('input[type="file"]');
  const png = (bytes: number) =>
    new File([new Uint8Array(bytes)], 'circuit.png', { type: 'image/png' });

  it('refuses a file that is not a PNG, JPEG, GIF or WebP image, or larger than 5 MB, before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { uploads, sent } = pendingUploads();
    renderWithUploads(uploads);
    await select('');
    const input = picker();
    if (!input) throw new Error('No file input');

    await user.upload(input, new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.wrongType);
    await user.upload(input, png(5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.tooLarge);
    expect(sent).toEqual([]);
  });

  it('uploads a chosen image with progress, inserts it and asks for its description', async () => {
    const user = userEvent.setup();
    const upload = pendingUploads();
    renderWithUploads(upload.uploads);
    const field = await select('');
    field.setSelectionRange(4, 4);
    const input = picker();
    if (!input) throw new Error('No file input');
    await user.upload(input, png(1000));
    expect(upload.sent.map((file) => file.name)).toEqual(['circuit.png']);
    upload.progress(0.4);
    expect(screen.getByRole('progressbar', { name: 'Uploading circuit.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await upload.finish();
    expect(stored()).toBe(`See ![](media:${MEDIA_ID}) here`);

    await screen.findByRole('dialog', { name: 'Describe the image' });
    await user.click(screen.getByRole('button', { name: 'Save description' }));
    expect(screen.getByRole('textbox', { name: 'Image description' })).toHaveAccessibleDescription(
      'Describe this image for students who cannot see it',
    );
    await user.type(screen.getByRole('textbox', { name: 'Image description' }), 'Two resistors');
    await user.click(screen.getByRole('button', { name: 'Save description' }));
    expect(stored()).toBe(`See ![Two resistors](media:${MEDIA_ID}) here`);
  });

  it('uploads an image pasted into the field', async () => {
    const upload = pendingUploads();
    renderWithUploads(upload.uploads, '');
    const field = await select('');
    fireEvent.paste(field, { clipboardData: { files: [png(10)], types: ['Files'] } });
    expect(upload.sent).toHaveLength(1);
    await upload.finish();
    await waitFor(() => expect(stored()).toBe(`![](media:${MEDIA_ID})`));
  });
});
