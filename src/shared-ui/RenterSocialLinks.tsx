import { useHomeSocialLinks } from '#/state/queries/social-links';
import { useI18nContext } from '../i18n/i18n-react';
import { Card } from '../ui';
import * as s from './RenterSocialLinks.css';

/** Home of a renter: its landlord's active links; nothing at all when there are none. */
export function RenterSocialLinks() {
  const { LL } = useI18nContext();
  const query = useHomeSocialLinks();
  const links = query.data ?? [];
  if (links.length === 0) return null;
  return (
    <Card title={LL.socialLinks.homeTitle()} className={s.block} data-testid="home-social-links">
      <ul className={s.links}>
        {links.map((l) => (
          <li key={l.id}>
            <span className={s.network}>{LL.socialLinks.networks[l.network]()}</span>
            <a href={l.url} target="_blank" rel="noopener noreferrer">
              {l.title ?? l.url}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
