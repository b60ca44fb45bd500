import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { KeywordsField } from './keywords-field';
import type { QuestionForm } from './question-values';

function Form({ children }: { children: ReactNode }) {
  const form = useForm<QuestionForm>({ mode: 'onTouched' });
  return <FormProvider {...form}>{children}</FormProvider>;
}

describe('KeywordsField', () => {
  it("keeps focus in the input when Add is pressed, so the field's blur moves nothing", async () => {
    render(
      <Form>
        <KeywordsField name="questions.0.0.keywords" />
      </Form>,
    );
    const input = screen.getByLabelText('Keywords');
    await userEvent.type(input, 'stack');
    const add = screen.getByRole('button', { name: 'Add keyword' });

    // false: the press's default (moving focus to the button, blurring the input) is cancelled.
    expect(fireEvent.mouseDown(add)).toBe(false);
    expect(input).toHaveFocus();
    fireEvent.click(add);
    expect(screen.getByRole('list', { name: 'Added keywords' })).toHaveTextContent('stack');
  });
});
