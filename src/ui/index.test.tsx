import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Drawer } from './Drawer/Drawer';
import { EmptyState, ErrorState, FormError, Page, Row, Skeleton, Stack, Tile } from './index';
import { ToastViewport } from './Toasts/ToastViewport';

// Rendering through the barrel also proves every .css.ts (theme, sprinkles, recipes) compiles.
describe('ui kit', () => {
  it('FormError renders nothing without a message and an alert for errors', () => {
    expect(renderToStaticMarkup(<FormError message={null} />)).toBe('');
    expect(renderToStaticMarkup(<FormError message="Boom" />)).toContain('role="alert"');
    expect(renderToStaticMarkup(<FormError tone="success" message="Ok" />)).toContain('role="status"');
  });

  it('Tile is a link with href and a button without, badge hidden at 0', () => {
    const link = renderToStaticMarkup(<Tile title="Renters" href="/renters" badge={3} />);
    expect(link).toMatch(/^<a href="\/renters"/);
    expect(link).toContain('data-testid="tile-badge"');
    const btn = renderToStaticMarkup(<Tile title="Renters" badge={0} />);
    expect(btn).toMatch(/^<button type="button"/);
    expect(btn).not.toContain('tile-badge');
  });

  it('layout and state helpers render their text', () => {
    const html = renderToStaticMarkup(
      <Page title="Title" actions={<span>act</span>}>
        <Stack>
          <Row>
            <Skeleton lines={2} />
          </Row>
          <EmptyState title="Nothing" />
          <ErrorState text="Failed" retryLabel="Retry" onRetry={() => {}} />
        </Stack>
      </Page>,
    );
    expect(html).toContain('<h1');
    expect(html).toContain('data-testid="empty-state"');
    expect(html).toContain('data-testid="error-state-retry"');
  });

  it('ToastViewport renders without throwing on the server', () => {
    expect(() =>
      renderToStaticMarkup(<ToastViewport alerts={[{ id: '1', message: 'Hi', type: 'info' }]} onDismiss={() => {}} closeLabel="Close" />),
    ).not.toThrow();
  });

  it('Drawer is a named menu button, collapsed, with the panel rendered only when open', () => {
    const html = renderToStaticMarkup(
      <Drawer open={false} onOpenChange={() => {}} label="Menu" closeLabel="Close">
        <a href="/home">Home</a>
      </Drawer>,
    );
    expect(html).toMatch(/^<button type="button" aria-haspopup="dialog" aria-expanded="false"/);
    expect(html).toContain('aria-label="Menu"');
    expect(html).not.toContain('/home');
  });
});
