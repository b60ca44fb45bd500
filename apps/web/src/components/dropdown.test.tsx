import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown } from './dropdown';

const batches = [
  { value: 'b1', label: '2023-2027' },
  { value: 'b2', label: '2024-2028' },
];

describe('Dropdown', () => {
  it('is labelled and offers the placeholder and the options', async () => {
    const onChange = vi.fn();
    render(
      <Dropdown label="Batch" placeholder="Select a batch" options={batches} onChange={onChange} />,
    );

    const select = screen.getByRole('combobox', { name: 'Batch' });
    expect(select).toBeEnabled();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a batch',
      '2023-2027',
      '2024-2028',
    ]);
    await userEvent.selectOptions(select, 'b2');
    expect(select).toHaveValue('b2');
    expect(onChange).toHaveBeenCalled();
  });

  it("shows 'Loading...' and cannot be used while loading", () => {
    render(<Dropdown label="Course" options={batches} loading />);

    const select = screen.getByRole('combobox', { name: 'Course' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Loading...']);
  });

  it("shows 'No options available' when there is nothing to choose", () => {
    render(<Dropdown label="Branch" options={[]} />);

    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'No options available' })).toBeInTheDocument();
  });

  it('can be disabled', () => {
    render(<Dropdown label="Section" options={batches} disabled />);
    expect(screen.getByRole('combobox', { name: 'Section' })).toBeDisabled();
  });

  it('shows its placeholder, not the empty text, while disabled', () => {
    render(<Dropdown label="Course" placeholder="Select a batch first" options={[]} disabled />);

    expect(screen.getByRole('combobox', { name: 'Course' })).toBeDisabled();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a batch first',
    ]);
  });

  it('shows its error and marks itself invalid', () => {
    render(<Dropdown label="Batch" options={batches} error="Batch is required" />);

    const select = screen.getByRole('combobox', { name: 'Batch' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Batch is required');
  });
});
