import type { BrowserContext, Page } from 'playwright-core';

/** What one page load showed: its failures by kind, empty when the page is sound. */
export type Load = {
  url: string;
  role: string;
  size: string;
  exceptions: string[];
  consoleErrors: string[];
  serverErrors: string[];
  /** The page scrolls sideways, or (at phone width) an element reaches past the viewport: the widest one. */
  sideways: string | null;
  /** The page's answer was not the expected one (no record, no access, or it never settled). */
  answer: string | null;
};

/** Expected answer of a load: its content, Home (or /auth for a guest) for a route the role may not open, "not found" for an unknown id. */
export type Expect = 'content' | 'refused' | 'login' | 'not-found';

/**
 * A page of one role at one size that records what each load raised; `visit` loads a URL afresh
 * (a full page load, as a link from outside or a reload), waits until it settles and measures it.
 */
export async function walker(context: BrowserContext, role: string, size: string) {
  const page = await context.newPage();
  let current: Load | null = null;
  page.on('pageerror', (e) => current?.exceptions.push(e.message.split('\n')[0] ?? ''));
  page.on('console', (m) => {
    // A refused or unknown record's 4xx is the page's answer; 5xx are counted from the responses.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) current?.consoleErrors.push(m.text().slice(0, 200));
  });
  page.on('response', (r) => {
    if (r.status() >= 500) current?.serverErrors.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return async function visit(url: string, expect: Expect): Promise<Load> {
    const load: Load = { url, role, size, exceptions: [], consoleErrors: [], serverErrors: [], sideways: null, answer: null };
    current = load;
    await page.goto(url, { waitUntil: 'domcontentloaded' }).catch((e: Error) => load.exceptions.push(`navigation: ${e.message}`));
    const settled = await settle(page);
    load.answer = settled ? await checkAnswer(page, expect) : `still loading after 15 s at ${new URL(page.url()).pathname}`;
    load.sideways = await page.evaluate(measureSideways).catch(() => null);
    current = null;
    return load;
  };
}

/**
 * Settled: nothing is loading any more and the main heading is shown (a page without one gets 3 s from
 * its navigation); then a moment for a late error. False when it is still loading after 15 s.
 */
async function settle(page: Page): Promise<boolean> {
  const ok = await page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="skeleton"], [data-testid="spinner"], [aria-busy="true"]') === null &&
        (document.querySelector('h1') !== null || performance.now() > 3_000),
      undefined,
      { timeout: 15_000 },
    )
    .then(
      () => true,
      () => false,
    );
  await page.waitForTimeout(200);
  return ok;
}

async function checkAnswer(page: Page, expect: Expect): Promise<string | null> {
  const where = new URL(page.url()).pathname;
  if (expect === 'login') return where.startsWith('/auth') ? null : `expected the login, shown ${where}`;
  if (expect === 'refused') {
    return where === '/home' || (await page.getByTestId('no-access').count()) > 0 ? null : `expected Home or no access, shown ${where}`;
  }
  if (expect === 'not-found') {
    return (await page.getByText('Запись не найдена').count()) > 0 ? null : `expected "Запись не найдена" at ${where}`;
  }
  return null;
}

/** In the page: whether it scrolls sideways, and at phone width the widest element reaching past the right edge. */
function measureSideways(): string | null {
  const root = document.documentElement;
  const vw = root.clientWidth;
  const selectorOf = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const testId = e.getAttribute('data-testid');
      const cls = typeof e.className === 'string' ? e.className.trim().split(/\s+/)[0] : '';
      parts.unshift(e.id ? `#${e.id}` : testId ? `[data-testid="${testId}"]` : `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
      if (e.id || testId) break;
    }
    return parts.join(' > ');
  };
  let widest: Element | null = null;
  let width = 0;
  if (vw < 500) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= vw + 1 || getComputedStyle(el).visibility === 'hidden') continue;
      // Content of a scroll box that fits the screen scrolls inside it, not the page.
      let boxed = false;
      for (let p = el.parentElement; p && p !== document.body && !boxed; p = p.parentElement) {
        boxed = getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= vw + 1;
      }
      if (!boxed && r.width > width) [widest, width] = [el, r.width];
    }
  }
  const scrolls = root.scrollWidth > vw + 1;
  if (!scrolls && !widest) return null;
  const what = widest ? `${selectorOf(widest)} (${Math.round(width)}px)` : '';
  return scrolls ? `scrollWidth ${root.scrollWidth} > ${vw}${what ? `; widest ${what}` : ''}` : `past the edge: ${what}`;
}
