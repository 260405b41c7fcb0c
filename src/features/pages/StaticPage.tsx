import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { PublicPage } from '#/frame/PublicPage';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Row } from '../../ui';
import * as s from './StaticPage.css';

/** One layout for the public text pages (terms, privacy, test, 404), in the public frame: brand and language. */
export function StaticPage({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const { LL } = useI18nContext();
  return (
    <PublicPage width="wide" data-testid={testId}>
      <div className={s.page}>
        <h1>{title}</h1>
        {children}
        <p>
          <Link href="/">{LL.common.toHome()}</Link>
        </p>
      </div>
    </PublicPage>
  );
}

export function TermsPage() {
  const { LL } = useI18nContext();
  return (
    <StaticPage title={LL.pages.termsTitle()}>
      <p>{LL.pages.termsText()}</p>
    </StaticPage>
  );
}

export function PrivacyPage() {
  const { LL } = useI18nContext();
  return (
    <StaticPage title={LL.pages.privacyTitle()}>
      <p>{LL.pages.privacyText()}</p>
    </StaticPage>
  );
}

/** `/test`: a smoke page for the shell itself: language, the confirmation dialog and the toasts. */
export function TestPage() {
  const { LL, locale } = useI18nContext();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const [answer, setAnswer] = useState<boolean | null>(null);
  return (
    <StaticPage title={LL.pages.testTitle()}>
      <p>{LL.pages.testText()}</p>
      <p data-testid="test-locale">{locale}</p>
      <Row gap="md" wrap>
        <Button variant="secondary" onClick={async () => setAnswer(await confirm())}>
          {LL.pages.testConfirm()}
        </Button>
        <Button variant="secondary" onClick={() => alerts.add({ message: LL.pages.testToastText(), type: 'success' })}>
          {LL.pages.testToast()}
        </Button>
      </Row>
      {answer !== null && <p data-testid="test-answer">{LL.pages.testAnswer({ answer: answer ? LL.pages.yes() : LL.pages.no() })}</p>}
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
