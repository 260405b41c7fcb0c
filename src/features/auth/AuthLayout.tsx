import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageSwitch } from '#/frame/LanguageSwitch';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from './AuthLayout.css';

/** The shared layout of every screen under /auth. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { LL } = useI18nContext();
  return (
    <div className={s.backdrop}>
      <main className={s.card}>
        <div className={s.top}>
          <Link href="/" className={s.brand}>
            {LL.common.appName()}
          </Link>
          <LanguageSwitch />
        </div>
        <h1 className={s.title}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
