import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type ImportDetail, type ImportEventType, useImportAction } from '#/state/queries/imports';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Checkbox } from '../../ui';

const actionKey = (event: ImportEventType) => event.slice('import.'.length) as 'commit' | 'discard';

/**
 * Exactly the events the server lists in `actions` (machines/import.ts for the caller): commit when the
 * check found no wrong row, discard before that. Discarding asks first; a refused commit says why. New
 * tenants are mailed their first-login link only when the box is ticked (off by default).
 */
export function ImportActions({ imp }: { imp: ImportDetail }) {
  const { LL } = useI18nContext();
  const t = LL.importPage;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const action = useImportAction(imp);
  const [invite, setInvite] = useState(false);
  const mayInvite = imp.entity === 'tenants' && imp.counts.new > 0 && imp.actions.includes('import.commit');
  const run = async (event: ImportEventType) => {
    if (event === 'import.discard' && !(await confirm({ message: t.discardConfirm() }))) return;
    try {
      const done = await action.mutateAsync({ event, invite: mayInvite && invite });
      const counts = { new: done.counts.new, changed: done.counts.changed };
      const committed = imp.entity === 'bank_statement' ? t.bank.committed(counts) : t.toasts.committed(counts);
      const message = event === 'import.commit' ? committed : t.toasts.discarded();
      alerts.add({ message, type: 'success' });
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
    }
  };
  return (
    <>
      {mayInvite && (
        <Checkbox
          label={t.invite({ count: imp.counts.new })}
          checked={invite}
          onChange={(e) => setInvite(e.target.checked)}
          disabled={action.isPending}
          data-testid="import-invite"
        />
      )}
      {imp.actions.map((event) => (
        <Button
          key={event}
          variant={event === 'import.discard' ? 'danger' : 'primary'}
          loading={action.isPending && action.variables?.event === event}
          disabled={action.isPending}
          onClick={() => void run(event)}
          data-testid={`import-${actionKey(event)}`}
        >
          {t.actions[actionKey(event)]()}
        </Button>
      ))}
    </>
  );
}
