import type { FormEventHandler, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAlerts } from '#/state/alerts';
import { useI18nContext } from '../i18n/i18n-react';
import { Card, FormError, Page, Stack } from '../ui';
import { FormActions } from './FormActions';
import type { FormStatus } from './useAppForm';

type Props = {
  title: string;
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  status: FormStatus;
  busy: boolean;
  /** Where cancel goes: the list, or the record's card. */
  back: string;
  /** The submit button's words when they are not "save" (e.g. "send" for a new request). */
  submitLabel?: string;
  /** Submit held back (e.g. while a chosen file is refused). */
  disabled?: boolean;
  children: ReactNode;
};

/** A create/edit page: its fields in a card, the form's message, then save and cancel. */
export function FormPage({ title, testId, onSubmit, status, busy, back, submitLabel, disabled, children }: Props) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  return (
    <Page title={title} data-testid={testId}>
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            {children}
            <FormError message={status?.message} tone={status?.tone} />
            <FormActions submitLabel={submitLabel ?? LL.list.save()} busy={busy} disabled={disabled} onCancel={() => navigate(back)} />
          </Stack>
        </form>
      </Card>
    </Page>
  );
}

/** After a save: "created" or "saved" (or the register's own words), then on to `to`. */
export function useAfterSave() {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const [, navigate] = useLocation();
  return (created: boolean, to: string, message = created ? LL.list.created() : LL.list.saved()) => {
    alerts.add({ message, type: 'success' });
    navigate(to);
  };
}
