import { type } from 'arktype';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type ContractDetail, useContractTransition, useRenewContract } from '#/state/queries/contracts';
import { messageOf, type Schemas } from '../../api/client';
import { rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { almatyToday } from '../../shared/almaty';
import { Button, FormError, Row, TextArea, TextField } from '../../ui';
import * as s from './contracts.css';
import { actionKey } from './format';

/**
 * The transitions the server lists in `actions` (machines/contract.ts, staff's side; the lease job's
 * own events are never buttons), and the renewal. Activation asks to confirm (a signed lease is not
 * edited any more); termination asks the reason and the last day, and, when its renewal is still a
 * draft, whether to keep or delete that draft (deleted in the termination's transaction).
 */
export function ContractActions({ contract: c }: { contract: ContractDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const [terminating, setTerminating] = useState(false);
  const transition = useContractTransition(c.id);
  const renew = useRenewContract(c.id);
  const t = LL.contracts;

  const run = (body: Schemas['ContractTransition']) =>
    transition.mutateAsync(body).then((next) => {
      alerts.add({ message: `${t.number({ number: next.number })}: ${t.statuses[next.status]()}`, type: 'success' });
      setTerminating(false);
    });
  const told = (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });

  const onActivate = async () => {
    if (await confirm({ message: t.activateConfirm(), confirmLabel: t.actions.activate() })) run({ event: 'contract.activate' }).catch(told);
  };
  const onRenew = async () => {
    if (!(await confirm({ message: t.renewHint(), confirmLabel: t.renew() }))) return;
    renew.mutateAsync(undefined).then((next) => {
      alerts.add({ message: `${t.events.renewed()}: ${t.number({ number: next.number })}`, type: 'success' });
      navigate(paths.contracts.view(next.id));
    }, told);
  };

  const buttons = c.actions.filter((e) => e === 'contract.activate' || e === 'contract.terminate');
  if (buttons.length === 0 && !c.can_renew) return null;
  return (
    <Row gap="sm" wrap data-testid="contract-actions">
      {buttons.map((event) => (
        <Button
          key={event}
          variant={event === 'contract.terminate' ? 'danger' : 'primary'}
          loading={transition.isPending && transition.variables?.event === event}
          onClick={() => (event === 'contract.activate' ? void onActivate() : setTerminating(true))}
          data-testid={`action-${actionKey(event)}`}
        >
          {t.actions[actionKey(event)]()}
        </Button>
      ))}
      {c.can_renew && (
        <Button variant="secondary" loading={renew.isPending} onClick={() => void onRenew()} data-testid="action-renew">
          {t.renew()}
        </Button>
      )}
      <TerminateDialog
        contract={c}
        open={terminating}
        onClose={() => setTerminating(false)}
        onTerminate={(body) =>
          run({ event: 'contract.terminate', ...body }).then(
            () => body.renewal === 'delete' && alerts.add({ message: t.events.renewal_deleted(), type: 'success' }),
          )
        }
      />
    </Row>
  );
}

type TerminateValues = { comment: string; terminated_on: string; renewal: '' | 'keep' | 'delete' };
type Termination = Pick<Schemas['ContractTransition'], 'comment' | 'terminated_on' | 'renewal'>;

function TerminateDialog(props: { contract: ContractDetail; open: boolean; onClose: () => void; onTerminate: (v: Termination) => Promise<unknown> }) {
  const { LL } = useI18nContext();
  const t = LL.contracts;
  const { starts_on, ends_on, renewal_draft } = props.contract;
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ comment: r.required().and(r.max(2000)), terminated_on: r.required(), renewal: "'' | 'keep' | 'delete'" });
  }, [LL]);
  // Beside the schema, so that the whole dialog's mistakes are said on the first submit.
  const crossChecks = useCallback(
    (v: TerminateValues) => ({
      terminated_on: v.terminated_on && (v.terminated_on < starts_on || v.terminated_on > ends_on) ? t.errors.terminatedOutside() : undefined,
      // A renewal draft is kept or deleted by the user's explicit choice, never by default.
      renewal: renewal_draft && !v.renewal ? LL.validation.required() : undefined,
    }),
    [LL, t, starts_on, ends_on, renewal_draft],
  );
  const today = almatyToday();
  const { form, status, submit, errorOf } = useDialogForm<TerminateValues>(schema, { comment: '', terminated_on: today, renewal: '' }, props.open, crossChecks);
  const onSubmit = submit(async (v) => {
    await props.onTerminate({ comment: v.comment.trim(), terminated_on: v.terminated_on, ...(renewal_draft && v.renewal && { renewal: v.renewal }) });
  });
  return (
    <FormDialog
      open={props.open}
      title={t.terminateTitle()}
      submitLabel={t.actions.terminate()}
      cancelLabel={LL.list.cancel()}
      danger
      onSubmit={() => void onSubmit()}
      onClose={props.onClose}
      busy={form.formState.isSubmitting}
      testId="contract-dialog"
    >
      <TextField
        label={t.fields.terminated_on()}
        type="date"
        min={starts_on}
        max={ends_on}
        required
        {...form.register('terminated_on')}
        error={errorOf('terminated_on')}
      />
      <TextArea label={t.fields.termination_reason()} maxLength={2000} rows={3} required {...form.register('comment')} error={errorOf('comment')} />
      {renewal_draft && (
        <fieldset className={s.fieldset} data-testid="terminate-renewal">
          <legend className={s.legend}>{t.renewalDraft.question()}</legend>
          {(['keep', 'delete'] as const).map((choice) => (
            <label key={choice} className={s.radio}>
              <input type="radio" value={choice} {...form.register('renewal')} />
              {t.renewalDraft[choice]()}
            </label>
          ))}
          <FormError message={errorOf('renewal')} data-testid="terminate-renewal-error" />
        </fieldset>
      )}
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
