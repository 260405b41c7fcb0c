import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { LanguageSwitch } from '#/frame/LanguageSwitch';
import { Skeleton } from '#/ui';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from './LandingPage.css';

// The forms sit below the fold and bring the validator and the phone mask: the first paint goes without them.
const DemoForm = lazy(async () => ({ default: (await import('./DemoForm')).DemoForm }));
const SupportForm = lazy(async () => ({ default: (await import('./SupportForm')).SupportForm }));

import { paths } from '#/app/paths';

const featureKeys = ['requests', 'tasks', 'waiting', 'control'] as const;

/** `/` and `/ru`: hero, features, geography, call to action, support, footer. */
export function LandingPage() {
  const { LL } = useI18nContext();
  const f = LL.landing.features;
  return (
    <div className={s.page}>
      <header className={s.header}>
        <strong className={s.brand}>{LL.common.appName()}</strong>
        <nav className={s.nav}>
          <a href="#features">{LL.landing.nav.features()}</a>
          <a href="#geography">{LL.landing.nav.geography()}</a>
          <a href="#support">{LL.landing.nav.support()}</a>
          <LanguageSwitch />
          <Link href={paths.auth.login} className={s.login}>
            {LL.landing.nav.login()}
          </Link>
        </nav>
      </header>

      <section className={s.hero}>
        <span className={s.badge}>{LL.landing.trial()}</span>
        <h1 className={s.heroTitle}>{LL.landing.heroTitle()}</h1>
        <p className={s.heroText}>{LL.landing.heroText()}</p>
        <a href="#demo" className={s.cta}>
          {LL.landing.heroCta()}
        </a>
      </section>

      <section id="features" className={s.section}>
        <h2>{LL.landing.featuresTitle()}</h2>
        <div className={s.grid}>
          {featureKeys.map((k) => (
            <article key={k} className={s.feature}>
              <h3>{f[`${k}Title`]()}</h3>
              <p>{f[`${k}Text`]()}</p>
            </article>
          ))}
        </div>
      </section>

      <section id="geography" className={s.section}>
        <h2>{LL.landing.geographyTitle()}</h2>
        <p className={s.cities}>{LL.landing.cities()}</p>
      </section>

      <section id="demo" className={s.twoColumns}>
        <div>
          <h2>{LL.landing.ctaTitle()}</h2>
          <p>{LL.landing.ctaText()}</p>
        </div>
        <Suspense fallback={<Skeleton lines={6} />}>
          <DemoForm />
        </Suspense>
      </section>

      <section id="support" className={s.twoColumns}>
        <div>
          <h2>{LL.landing.supportTitle()}</h2>
          <p>{LL.landing.supportText()}</p>
        </div>
        <Suspense fallback={<Skeleton lines={6} />}>
          <SupportForm />
        </Suspense>
      </section>

      <footer className={s.footer}>
        <span>
          © {new Date().getFullYear()} {LL.common.appName()}. {LL.landing.footer()}
        </span>
        <Link href={paths.terms}>{LL.landing.terms()}</Link>
        <Link href={paths.privacy}>{LL.landing.privacy()}</Link>
      </footer>
    </div>
  );
}
