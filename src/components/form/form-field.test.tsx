// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Form, NEEDS_JAVASCRIPT, SubmitButton } from './form';
import { FormField } from './form-field';
import { useFieldErrors } from './use-field-errors';

afterEach(cleanup);

describe('FormField', () => {
  it('ties the label, hint and error to the control', () => {
    render(
      <FormField label="Age" note="(in months)" hint="5 to 9 months." error="Enter the age in months.">
        {(control) => <input {...control} type="number" />}
      </FormField>,
    );
    const age = screen.getByLabelText('Age (in months)');
    expect(age.getAttribute('aria-invalid')).toBe('true');
    // The error is read first, then the hint.
    const described = (age.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Enter the age in months.', '5 to 9 months.']);
  });

  it('without an error the control is not marked invalid and describes only its hint', () => {
    render(
      <FormField label="City" hint="Where the child lives.">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const city = screen.getByLabelText('City');
    expect(city.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById(city.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Where the child lives.');
  });

  it('a checkbox comes before its label, and an announced error is an alert', () => {
    render(
      <FormField layout="check" label="I agree" error="You must agree." announceError>
        {(control) => <input {...control} type="checkbox" />}
      </FormField>,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box.nextElementSibling?.tagName).toBe('LABEL');
    expect(screen.getByRole('alert').textContent).toBe('You must agree.');
  });
});

/** A form with two fields in page order `first`, `second`, whose errors arrive in the other order. */
function TwoFields({ onSubmitted }: { onSubmitted?: () => void }) {
  const form = useFieldErrors();
  const [first, setFirst] = useState('');
  return (
    <Form
      onSubmit={() => {
        if (!first) form.show({ second: 'Second is wrong.', first: 'First is wrong.' });
        else onSubmitted?.();
      }}
    >
      <FormField label="First" {...form.field('first')}>
        {(control) => (
          <input
            {...control}
            value={first}
            onChange={(event) => {
              setFirst(event.target.value);
              form.clear('first');
            }}
          />
        )}
      </FormField>
      <FormField label="Second" {...form.field('second')}>
        {(control) => <input {...control} />}
      </FormField>
      <SubmitButton>Send</SubmitButton>
    </Form>
  );
}

describe('useFieldErrors', () => {
  it('shows every message and focuses the first field on the page, whatever the order of the messages', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const first = screen.getByLabelText('First');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Second').getAttribute('aria-invalid')).toBe('true');
  });

  it("clearing one field's message leaves the others", async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(screen.getByLabelText('First'), 'a');
    expect(screen.getByLabelText('First').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('First is wrong.')).toBeNull();
    expect(screen.getByText('Second is wrong.')).toBeTruthy();
  });
});

describe('Form', () => {
  it('in a running page: no notice, the browser does not validate, and submitting calls onSubmit', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(<TwoFields onSubmitted={() => submitted++} />);
    expect(screen.queryByText(NEEDS_JAVASCRIPT)).toBeNull();
    expect(document.querySelector('form')?.noValidate).toBe(true);
    await user.type(screen.getByLabelText('First'), 'a{Enter}');
    expect(submitted).toBe(1);
  });
});
