import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Form, NEEDS_JAVASCRIPT, SubmitButton } from './form';

describe('a form rendered ahead of time (before its script runs)', () => {
  it('says it needs JavaScript and cannot be submitted', () => {
    const html = renderToString(
      <Form onSubmit={() => undefined} aria-label="Sign up">
        <SubmitButton>Send</SubmitButton>
      </Form>,
    );
    expect(html).toContain(NEEDS_JAVASCRIPT);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(html).toMatch(/<form[^>]*novalidate/i);
  });

  it('takes its words from the page, for a translated page', () => {
    const html = renderToString(
      <Form onSubmit={() => undefined} needsJavaScript="இந்தப் படிவத்துக்கு JavaScript தேவை.">
        <SubmitButton>அனுப்பு</SubmitButton>
      </Form>,
    );
    expect(html).toContain('இந்தப் படிவத்துக்கு JavaScript தேவை.');
    expect(html).not.toContain(NEEDS_JAVASCRIPT);
  });

  it('with a server action, is usable at once and posts there (ADR 031)', () => {
    const html = renderToString(
      <Form onSubmit={() => undefined} action="/registration" aria-label="Register">
        <input name="name" />
        <SubmitButton>Register</SubmitButton>
      </Form>,
    );
    expect(html).toMatch(/<form[^>]*action="\/registration"[^>]*method="post"/);
    expect(html).not.toContain('inert');
    expect(html).not.toContain(NEEDS_JAVASCRIPT);
    expect(html).not.toMatch(/<button[^>]*disabled/);
  });
});
