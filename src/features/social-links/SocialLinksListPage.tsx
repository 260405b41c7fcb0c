import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type SocialLink, type SocialLinkSort, useSocialLinkStatus, useSocialLinks } from '#/state/queries/social-links';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { RegisterRowActions } from '../../lists/RecordActions';
import { useListParams } from '../../lists/useListParams';
import { type SocialNetwork, socialNetworks } from '../../shared/social-networks';
import { Button, Select } from '../../ui';

const sorts: SocialLinkSort[] = ['created_at', '-created_at', 'network'];

/** `/social-network`: the landlord's public links on the one list pattern, with a network filter. */
export function SocialLinksListPage() {
  const { LL } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: 'created_at' });
  // The network filter lives in the address too, beside the list pattern's own parameters.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('network');
  const network = socialNetworks.find((n) => n === raw);
  const query = useSocialLinks({ ...params, network });
  const f = LL.socialLinks.fields;

  const setNetwork = (value: string) => {
    const q = new URLSearchParams(search);
    if (value) q.set('network', value);
    else q.delete('network');
    q.delete('page');
    const qs = q.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  };

  const columns: Column<SocialLink>[] = [
    { key: 'network', header: f.network(), cell: (l) => LL.socialLinks.networks[l.network](), width: '140px' },
    {
      key: 'url',
      header: f.url(),
      cell: (l) => (
        <a href={l.url} target="_blank" rel="noopener noreferrer">
          {l.url}
        </a>
      ),
    },
    {
      key: 'title',
      header: f.title(),
      cell: (l) =>
        l.status === 'active' && mayOpen(paths.socialLinks.edit(l.id)) ? <Link href={paths.socialLinks.edit(l.id)}>{l.title ?? '—'}</Link> : l.title,
    },
  ];

  return (
    <ListPage
      title={LL.socialLinks.title()}
      testId="social-links-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.socialLinks.sort[value]() }))}
      filters={
        <Select
          label={f.network()}
          name="network"
          value={network ?? ''}
          placeholder={LL.socialLinks.allNetworks()}
          onChange={(e) => setNetwork(e.target.value)}
          options={socialNetworks.map((n: SocialNetwork) => ({ value: n, label: LL.socialLinks.networks[n]() }))}
        />
      }
      actions={mayOpen(paths.socialLinks.create) && <Button onClick={link(paths.socialLinks.create)}>{LL.list.create()}</Button>}
      rowActions={(l) => (
        <RegisterRowActions
          module="social_links"
          row={l}
          editHref={paths.socialLinks.edit(l.id)}
          useChange={useSocialLinkStatus}
          confirmMessage={LL.socialLinks.deleteConfirm({ name: l.title ?? l.url })}
        />
      )}
    />
  );
}
