import { useEffect, useState } from 'react';
import { useContractorOptions } from '#/state/queries/contractors';
import { useEmployeeOptions } from '#/state/queries/employees';
import type { Schemas } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog } from '../../records/FormDialog';
import { Select } from '../../ui';

type Props = { open: boolean; onAssign: (body: Schemas['RequestTransition']) => void; onClose: () => void; busy: boolean };

/** Assign asks whom: an employee or a contractor; the lists load only once the dialog opens. */
export function AssignDialog({ open, onAssign, onClose, busy }: Props) {
  const { LL } = useI18nContext();
  const [kind, setKind] = useState<'employee' | 'contractor'>('employee');
  const [assignee, setAssignee] = useState('');
  const employees = useEmployeeOptions(open);
  const contractors = useContractorOptions(open);
  useEffect(() => {
    if (open) setAssignee('');
  }, [open]);
  const d = LL.requests.dialogs;
  const people =
    kind === 'employee'
      ? (employees.data ?? []).map((e) => ({ value: e.id, label: e.full_name }))
      : (contractors.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const send = () => {
    if (!assignee) return;
    onAssign(kind === 'employee' ? { event: 'request.assign', assignee_employee_id: assignee } : { event: 'request.assign', assignee_contractor_id: assignee });
  };
  return (
    <FormDialog
      open={open}
      title={d.assignTitle()}
      submitLabel={LL.requests.actions.assign()}
      cancelLabel={LL.list.cancel()}
      onSubmit={send}
      onClose={onClose}
      busy={busy}
      testId="assign-dialog"
    >
      <Select
        label={d.assignee()}
        name="assignee_kind"
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as 'employee' | 'contractor');
          setAssignee('');
        }}
        options={[
          { value: 'employee', label: d.employees() },
          { value: 'contractor', label: d.contractors() },
        ]}
      />
      <Select label={d.pickAssignee()} name="assignee" value={assignee} placeholder="—" onChange={(e) => setAssignee(e.target.value)} options={people} />
    </FormDialog>
  );
}
