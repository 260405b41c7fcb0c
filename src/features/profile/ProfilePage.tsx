import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSessionUser } from '#/state/session';
import { useI18nContext } from '../../i18n/i18n-react';
import { Avatar, Card, Page, Stack } from '../../ui';
import { ChannelsSection } from './ChannelsSection';
import * as s from './ProfilePage.css';
import { TelegramSection } from './TelegramSection';

type Named = { name?: string } | null | undefined;

/** `/profile`: the avatar is the land's or the room's logo (the server picks), else initials. */
export function ProfilePage() {
  const { LL } = useI18nContext();
  const user = useSessionUser();
  if (!user) return null;
  const land = user.land as Named;
  const room = user.room as Named;
  const rows: [string, string | null | undefined][] = [
    [LL.profile.fullName(), user.full_name],
    [LL.profile.username(), user.username],
    [LL.profile.email(), user.email],
    [LL.profile.role(), LL.profile.roles[user.role]()],
    [LL.profile.object(), land?.name],
    [LL.profile.room(), room?.name],
  ];
  return (
    <Page title={LL.profile.title()} data-testid="profile">
      <Stack gap="md">
        <Card>
          <div className={s.head}>
            <Avatar name={user.full_name} src={user.avatar_url} size="lg" />
            <strong>{user.full_name}</strong>
          </div>
          <dl className={s.list}>
            {rows
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <div key={label} className={s.row}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <Link href={paths.resetPassword}>{LL.profile.changePassword()}</Link>
        </Card>
        <TelegramSection />
        <ChannelsSection />
      </Stack>
    </Page>
  );
}
