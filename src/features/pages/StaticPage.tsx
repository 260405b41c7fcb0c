import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from './StaticPage.css';

/** One layout for the public text pages (terms, privacy, test, 404). */
export function StaticPage({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const { LL } = useI18nContext();
  return (
    <main className={s.page} data-testid={testId}>
      <h1>{title}</h1>
      {children}
      <p>
        <Link href="/">{LL.common.toHome()}</Link>
      </p>
    </main>
  );
}

export function TermsPage() {
  const { LL } = useI18nContext();
  return <StaticPage title={LL.pages.termsTitle()}><p>{LL.pages.termsText()}</p></StaticPage>;
}

export function PrivacyPage() {
  const { LL } = useI18nContext();
  return <StaticPage title={LL.pages.privacyTitle()}><p>{LL.pages.privacyText()}</p></StaticPage>;
}

/** `/test`: a smoke page that proves the SPA, its router and its dictionaries load. */
export function TestPage() {
  const { LL, locale } = useI18nContext();
  return (
    <StaticPage title={LL.pages.testTitle()}>
      <p>{LL.pages.testText()}</p>
      <p data-testid="test-locale">{locale}</p>
    </StaticPage>
  );
}

export function NotFoundPage() {
  const { LL } = useI18nContext();
  return (
    <StaticPage title={LL.pages.notFoundTitle()} testId="not-found">
      <p>{LL.pages.notFoundText()}</p>
    </StaticPage>
  );
}
