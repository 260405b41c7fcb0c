import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useI18nContext } from '#/i18n/i18n-react';
import { LanguageSwitch } from './LanguageSwitch';
import * as s from './PublicPage.css';

type Props = { children: ReactNode; width?: 'narrow' | 'wide'; 'data-testid'?: string };

/** The frame of the pages people reach without an account (forms by link or QR code): brand and language. */
export function PublicPage({ children, width = 'narrow', 'data-testid': testId }: Props) {
  const { LL } = useI18nContext();
  return (
    <main className={s.page} data-testid={testId}>
      <div className={s.inner[width]}>
        <header className={s.header}>
          <Link href={paths.landing} className={s.brand}>
            {LL.common.appName()}
          </Link>
          <LanguageSwitch />
        </header>
        {children}
      </div>
    </main>
  );
}
