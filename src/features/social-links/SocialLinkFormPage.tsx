import { useQueryClient } from '@tanstack/react-query';
import { type } from 'arktype';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { QueryPage } from '../../lists/QueryPage';
import { useI18nContext } from '../../i18n/i18n-react';
import { type SocialNetwork, socialNetworks, socialUrlProblem } from '../../shared/social-networks';
import { Button, Card, FormError, Page, Row, Select, Stack, TextField } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { type SocialLink, socialLinkApi, socialLinkKeys, useSocialLink } from './api';
import * as s from '../../forms/FormGrid.css';
import { paths } from '#/app/paths';

type Values = { network: SocialNetwork; url: string; title: string };

/** `/social-network/{id}/edit`: loads the link, then the same form as create. */
export function SocialLinkEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useSocialLink(id);
  return <QueryPage title={LL.socialLinks.editTitle()} query={query} lines={3}>{(data) => <SocialLinkFormPage link={data} />}</QueryPage>;
}

/** `/social-network/create` and the edit page; the url is checked against the chosen network as the user types. */
export function SocialLinkFormPage({ link }: { link?: SocialLink }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ network: type.enumerated(...socialNetworks), url: r.required().and(r.max(500)), title: r.max(100) }).narrow((v, ctx) => {
      const problem = socialUrlProblem(v.network, v.url.trim());
      if (!problem) return true;
      const message = problem.kind === 'url' ? LL.validation.url() : LL.validation.socialHost({ network: LL.socialLinks.networks[v.network](), hosts: problem.hosts });
      return ctx.reject({ path: ['url'], message });
    });
  }, [LL]);
  const initial: Values = link ? { network: link.network, url: link.url, title: link.title ?? '' } : { network: 'instagram', url: '', title: '' };
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, initial);
  const f = LL.socialLinks.fields;

  const onSubmit = submit(async (values) => {
    const body = { network: values.network, url: values.url.trim(), title: values.title };
    if (link) await socialLinkApi.update(link.id, body);
    else await socialLinkApi.create(body);
    await queryClient.invalidateQueries({ queryKey: socialLinkKeys.all });
    alerts.add({ message: link ? LL.list.saved() : LL.list.created(), type: 'success' });
    navigate(paths.socialLinks.list);
  });

  return (
    <Page title={link ? LL.socialLinks.editTitle() : LL.socialLinks.createTitle()} data-testid="social-link-form">
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <div className={s.grid}>
              <Select
                label={f.network()}
                {...form.register('network')}
                error={errorOf('network')}
                options={socialNetworks.map((n) => ({ value: n, label: LL.socialLinks.networks[n]() }))}
              />
              <TextField label={f.url()} type="url" inputMode="url" maxLength={500} hint={LL.socialLinks.urlHint()} {...form.register('url')} error={errorOf('url')} />
              <TextField label={f.title()} maxLength={100} hint={LL.socialLinks.titleHint()} {...form.register('title')} error={errorOf('title')} />
            </div>
            <FormError message={status?.message} tone={status?.tone} />
            <Row gap="md">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {LL.list.save()}
              </Button>
              <Button variant="secondary" onClick={() => navigate(paths.socialLinks.list)}>
                {LL.list.cancel()}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
