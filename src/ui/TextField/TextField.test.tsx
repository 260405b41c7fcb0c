import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('links the error text to the input and marks it invalid', () => {
    const html = renderToStaticMarkup(<TextField label="Email" name="email" id="email" error="Required" hint="We never share it" data-testid="login-email" />);
    expect(html).toContain('<label for="email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-error email-hint"');
    expect(html).toMatch(/<span id="email-error" role="alert"[^>]*data-testid="login-email-error"[^>]*>Required<\/span>/);
    expect(html).toContain('data-testid="login-email"');
  });

  it('has no aria-invalid nor alert without an error', () => {
    const html = renderToStaticMarkup(<TextField label="Name" name="name" />);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-describedby');
  });
});
