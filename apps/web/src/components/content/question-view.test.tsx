import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MatchingAnswer, OrderingAnswer } from './question-view';

const prompts = [
  { _id: 'p-cu', text: 'Copper' },
  { _id: 'p-si', text: 'Silicon' },
];
const matches = [
  { _id: 'm-con', text: '**Conductor**' },
  { _id: 'm-semi', text: 'Semi-conductor with $E_g \\approx 1.1$ eV' },
];

describe('MatchingAnswer', () => {
  it('offers each match as the plain text a select can hold, and chooses it', async () => {
    const onChange = vi.fn();
    render(
      <MatchingAnswer
        prompts={prompts}
        matches={matches}
        chosen={{}}
        readOnly={false}
        onChange={onChange}
      />,
    );
    const copper = screen.getByRole('combobox', { name: 'Copper' });
    expect(
      within(copper)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a match', 'Conductor', 'Semi-conductor with $E_g \\approx 1.1$ eV']);
    await userEvent.selectOptions(copper, 'Conductor');
    expect(onChange).toHaveBeenCalledWith({ 'p-cu': 'm-con' });
  });

  it('offers the matches to drag to a pointer only, and none once read-only', () => {
    const { container, rerender } = render(
      <MatchingAnswer prompts={prompts} matches={matches} chosen={{}} readOnly={false} />,
    );
    const chips = container.querySelectorAll('[data-drag-match]');
    expect(chips).toHaveLength(2);
    for (const chip of chips) {
      expect(chip.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(chip.getAttribute('tabindex')).toBeNull();
    }
    rerender(<MatchingAnswer prompts={prompts} matches={matches} chosen={{}} readOnly />);
    expect(container.querySelectorAll('[data-drag-match]')).toHaveLength(0);
  });
});

describe('OrderingAnswer', () => {
  const items = [
    { _id: 'i-on', text: 'Switch on' },
    { _id: 'i-read', text: 'Read' },
  ];

  it('gives each item a grip a pointer drags, hidden from the keyboard and screen readers', () => {
    const { container } = render(
      <OrderingAnswer items={items} labelledBy="x" readOnly={false} onChange={vi.fn()} />,
    );
    const grips = container.querySelectorAll('[data-drag-handle]');
    expect(grips).toHaveLength(2);
    for (const grip of grips) {
      expect(grip.getAttribute('aria-hidden')).toBe('true');
      expect(grip.getAttribute('tabindex')).toBeNull();
    }
  });

  it('moves an item with its buttons and says where it went', async () => {
    const onChange = vi.fn();
    render(<OrderingAnswer items={items} labelledBy="x" readOnly={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move Read up' }));
    expect(onChange).toHaveBeenCalledWith(['i-read', 'i-on']);
    expect(screen.getByText('Read moved to position 1 of 2')).toBeInTheDocument();
  });
});
