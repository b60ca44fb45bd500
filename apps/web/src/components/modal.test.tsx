import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalSize } from './modal';

function renderOpen(onClose = vi.fn(), size?: ModalSize) {
  render(
    <Modal open onClose={onClose} title="Create Batch" size={size}>
      <label>
        Start year
        <input />
      </label>
      <button type="button">Save</button>
    </Modal>,
  );
  return onClose;
}

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Create Batch">
        <input aria-label="Start year" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Create Batch">
        content
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title', () => {
    renderOpen();
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('renders its footer actions', () => {
    render(
      <Modal
        open
        onClose={() => {}}
        title="Delete Student"
        footer={<button type="button">Delete</button>}
      >
        This action cannot be undone.
      </Modal>,
    );
    expect(screen.getByRole('dialog')).toContainElement(
      screen.getByRole('button', { name: 'Delete' }),
    );
  });

  it.each([
    ['sm', 'max-w-sm'],
    ['md', 'max-w-lg'],
    ['lg', 'max-w-2xl'],
    ['xl', 'max-w-4xl'],
  ] as const)('size %s sets the width', (size, className) => {
    renderOpen(vi.fn(), size);
    expect(screen.getByRole('dialog')).toHaveClass(className);
  });

  it('closes with the X button', async () => {
    const onClose = renderOpen();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape', async () => {
    const onClose = renderOpen();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const onClose = renderOpen();
    await userEvent.click(screen.getByLabelText('Start year'));
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus inside and keeps Tab within the dialog', async () => {
    renderOpen();
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByLabelText('Start year');
    const save = screen.getByRole('button', { name: 'Save' });

    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(input).toHaveFocus();
    await userEvent.tab();
    expect(save).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('makes a body with nothing to focus a tab stop, so a long one scrolls from the keyboard', async () => {
    render(
      <Modal
        open
        onClose={() => {}}
        title="Delete Student"
        footer={<button type="button">Delete</button>}
      >
        This action cannot be undone.
      </Modal>,
    );
    await userEvent.tab();
    expect(screen.getByText('This action cannot be undone.')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('gives focus back to the opener when it closes', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });

    await userEvent.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
