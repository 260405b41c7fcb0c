import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { PublicPage } from '#/frame/PublicPage';
import { useTenants } from '#/state/queries/questionnaires';
import * as s from '../../forms/PublicForm.css';
import { useI18nContext } from '../../i18n/i18n-react';
import { PublicQuery } from '../../lists/PublicQuery';
import { Card, EmptyState, Stack } from '../../ui';

/** `/tenants`: the public list of shopping centres with their questionnaire links, and its own empty and error texts. */
export function TenantsPage() {
  const { LL } = useI18nContext();
  const w = LL.waitingList;
  const query = useTenants();
  return (
    <PublicPage data-testid="tenants-page">
      <Stack gap="lg">
        <h1 className={s.centre}>{w.tenantsTitle()}</h1>
        <PublicQuery query={query} lines={6} errorTestId="tenants-error">
          {(tenants) =>
            tenants.length === 0 ? (
              <EmptyState title={w.tenantsEmpty()} text={w.tenantsEmptyText()} data-testid="tenants-empty" />
            ) : (
              <>
                <p className={s.muted}>{w.tenantsIntro()}</p>
                {tenants.map((t) => (
                  <Card key={t.object_id} title={t.object_name} data-testid="tenant">
                    <Stack gap="sm" align="flex-start">
                      <span className={s.muted}>{[t.city, t.landlord_name].filter(Boolean).join(' · ')}</span>
                      {/* The link is absolute (the server's public address); inside the SPA only its path and query matter. */}
                      <Link href={paths.applicationForm(new URL(t.link).search)}>{w.openForm()}</Link>
                    </Stack>
                  </Card>
                ))}
              </>
            )
          }
        </PublicQuery>
      </Stack>
    </PublicPage>
  );
}
