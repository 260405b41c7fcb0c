import { Link, useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useI18nContext } from '../../i18n/i18n-react';
import { Stack } from '../../ui';
import * as s from './contractors.css';
import { FormLinkBox } from './FormLinkBox';

/** Above both lists of the section: the tabs, and the public form's link to share. */
export function ContractorsIntro() {
  return (
    <Stack gap="lg" className={s.intro}>
      <ContractorTabs />
      <FormLinkBox />
    </Stack>
  );
}

/** The register and its incoming applications: two tabs, each its own address (reload and back keep the tab). */
function ContractorTabs() {
  const { LL } = useI18nContext();
  const [location] = useLocation();
  const tabs = [
    { href: paths.contractors.list, label: LL.contractors.tabs.list() },
    { href: paths.contractors.applications, label: LL.contractors.tabs.applications() },
  ];
  return (
    <nav className={s.tabs} aria-label={LL.contractors.title()}>
      {tabs.map((t) => (
        <Link
          key={t.href}
          href={t.href}
          className={s.tab}
          aria-current={location === t.href ? 'page' : undefined}
          data-testid={`tab-${t.href.split('/').pop()}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
