import * as Dialog from '@radix-ui/react-dialog';
import { type } from 'arktype';
import { useMemo } from 'react';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, FormError, TextArea } from '../../ui';
import * as s from '../../ui/ConfirmDialog/ConfirmDialog.css';
import * as c from './contractors.css';

type Props = {
  /** The company whose application is declined; null keeps the dialog closed. */
  companyName: string | null;
  onDecline: (reason: string) => Promise<void>;
  onClose: () => void;
};

/** Declining asks why (1..500 characters, required): the same look as the confirmation dialog. */
export function DeclineDialog({ companyName, onDecline, onClose }: Props) {
  const { LL } = useI18nContext();
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ reason: r.required().and(r.max(500)) });
  }, [LL]);
  const { form, status, submit, errorOf } = useAppForm<{ reason: string }>(schema, { reason: '' });
  const busy = form.formState.isSubmitting;
  const close = () => {
    if (busy) return;
    form.reset();
    onClose();
  };
  const onSubmit = submit(async ({ reason }) => {
    await onDecline(reason.trim());
    form.reset();
  });

  return (
    <Dialog.Root open={companyName !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.content} data-testid="decline-dialog">
          <Dialog.Title className={s.title}>{LL.contractors.applications.declineTitle()}</Dialog.Title>
          <Dialog.Description className={s.message}>{LL.contractors.applications.declineText({ name: companyName ?? '' })}</Dialog.Description>
          <form onSubmit={onSubmit} noValidate className={c.dialogForm}>
            <TextArea label={LL.contractors.applications.declineReason()} maxLength={500} rows={3} {...form.register('reason')} error={errorOf('reason')} />
            <FormError message={status?.message} tone={status?.tone} />
            <div className={s.actions}>
              <Button variant="secondary" onClick={close} disabled={busy}>
                {LL.list.cancel()}
              </Button>
              <Button type="submit" variant="danger" loading={busy}>
                {LL.contractors.applications.decline()}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
