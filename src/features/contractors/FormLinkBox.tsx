import { useState } from 'react';
import { useSessionUser } from '#/state/session';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, Stack } from '../../ui';
import * as s from './contractors.css';

/** The public contractor form's address for the landlord to share (the superadmin has no own form). */
export function FormLinkBox() {
  const { LL } = useI18nContext();
  const user = useSessionUser();
  const [copied, setCopied] = useState(false);
  if (!user?.landlord_id) return null;
  const url = `${window.location.origin}/contractor-form?landlord=${user.landlord_id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard permission the link stays selectable by hand.
    }
  };
  return (
    <Card title={LL.contractors.formLink.title()} data-testid="contractor-form-link">
      <Stack gap="sm">
        <p className={s.muted}>{LL.contractors.formLink.hint()}</p>
        <div className={s.linkBox}>
          <a className={s.linkText} href={url} target="_blank" rel="noreferrer" data-testid="contractor-form-url">
            {url}
          </a>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copied ? LL.contractors.formLink.copied() : LL.contractors.formLink.copy()}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
