import { type } from 'arktype';
import { useMemo } from 'react';
import { paths } from '#/app/paths';
import { type SocialLink, useSaveSocialLink, useSocialLink } from '#/state/queries/social-links';
import * as s from '../../forms/FormGrid.css';
import { FormPage, useAfterSave } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { type SocialNetwork, socialNetworks, socialUrlProblem } from '../../shared/social-networks';
import { Select, TextField } from '../../ui';

type Values = { network: SocialNetwork; url: string; title: string };

/** `/social-network/{id}/edit`: loads the link, then the same form as create. */
export function SocialLinkEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useSocialLink(id);
  return (
    <QueryPage title={LL.socialLinks.editTitle()} query={query} lines={3}>
      {(data) => <SocialLinkFormPage link={data} />}
    </QueryPage>
  );
}

/** `/social-network/create` and the edit page; the url is checked against the chosen network as the user types. */
export function SocialLinkFormPage({ link }: { link?: SocialLink }) {
  const { LL } = useI18nContext();
  const done = useAfterSave();
  const save = useSaveSocialLink(link?.id);
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ network: type.enumerated(...socialNetworks), url: r.required().and(r.max(500)), title: r.max(100) }).narrow((v, ctx) => {
      const problem = socialUrlProblem(v.network, v.url.trim());
      if (!problem) return true;
      const message =
        problem.kind === 'url' ? LL.validation.url() : LL.validation.socialHost({ network: LL.socialLinks.networks[v.network](), hosts: problem.hosts });
      return ctx.reject({ path: ['url'], message });
    });
  }, [LL]);
  const initial: Values = link ? { network: link.network, url: link.url, title: link.title ?? '' } : { network: 'instagram', url: '', title: '' };
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(schema, initial);
  const f = LL.socialLinks.fields;

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ network: values.network, url: values.url.trim(), title: values.title });
    done(!link, paths.socialLinks.list);
  });

  return (
    <FormPage
      title={link ? LL.socialLinks.editTitle() : LL.socialLinks.createTitle()}
      testId="social-link-form"
      {...pageProps(onSubmit)}
      back={paths.socialLinks.list}
    >
      <div className={s.grid}>
        <Select
          label={f.network()}
          required
          {...form.register('network')}
          error={errorOf('network')}
          options={socialNetworks.map((n) => ({ value: n, label: LL.socialLinks.networks[n]() }))}
        />
        <TextField
          label={f.url()}
          type="url"
          inputMode="url"
          maxLength={500}
          hint={LL.socialLinks.urlHint()}
          required
          {...form.register('url')}
          error={errorOf('url')}
        />
        <TextField label={f.title()} maxLength={100} hint={LL.socialLinks.titleHint()} {...form.register('title')} error={errorOf('title')} />
      </div>
    </FormPage>
  );
}
