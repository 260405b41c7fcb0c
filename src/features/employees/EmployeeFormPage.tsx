import { useQueryClient } from '@tanstack/react-query';
import { type } from 'arktype';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { PhoneField } from '../../forms/PhoneField';
import { extraRules, rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { QueryPage } from '../../lists/QueryPage';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, FormError, Page, Row, Stack, TextField } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { type Employee, employeeApi, employeeKeys, useEmployee } from './api';
import * as s from '../../forms/FormGrid.css';
import { paths } from '#/app/paths';

type Values = {
  full_name: string;
  iin: string;
  legal_name: string;
  department: string;
  group: string;
  position: string;
  phone: string;
  email: string;
  username: string;
};

const empty: Values = { full_name: '', iin: '', legal_name: '', department: '', group: '', position: '', phone: '', email: '', username: '' };

/** `/employees/update/{id}`: loads the employee, then the same form as create. */
export function EmployeeEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useEmployee(id);
  return <QueryPage title={LL.employees.editTitle()} query={query} lines={8}>{(data) => <EmployeeFormPage employee={data} />}</QueryPage>;
}

/** `/employees/create` and the edit page: one form, validated as the user types (arktype). */
export function EmployeeFormPage({ employee }: { employee?: Employee }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const schema = useMemo(() => {
    const r = rules(LL);
    const x = extraRules(LL);
    return type({
      full_name: r.required().and(r.max(200)),
      iin: x.optionalBinIin,
      legal_name: r.max(200),
      department: r.max(200),
      group: r.max(200),
      position: r.max(200),
      phone: r.optionalPhone,
      email: r.requiredEmail,
      username: employee ? r.optionalText : x.username,
    });
  }, [LL, employee]);
  const initial: Values = employee
    ? { ...empty, ...Object.fromEntries(Object.entries(employee).map(([k, v]) => [k, v ?? ''])), username: employee.username }
    : empty;
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, initial);
  const f = LL.employees.fields;

  const onSubmit = submit(async ({ username, ...values }) => {
    if (employee) await employeeApi.update(employee.id, values);
    else await employeeApi.create({ ...values, username });
    await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    alerts.add({ message: employee ? LL.list.saved() : LL.list.created(), type: 'success' });
    navigate(paths.employees.list);
  });

  const field = (name: Exclude<keyof Values, 'phone'>, extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <TextField label={f[name]()} maxLength={200} {...extra} {...form.register(name)} error={errorOf(name)} />
  );

  return (
    <Page title={employee ? LL.employees.editTitle() : LL.employees.createTitle()} data-testid="employee-form">
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <div className={s.grid}>
              {field('full_name', { autoComplete: 'name' })}
              {field('iin', { inputMode: 'numeric' })}
              {field('legal_name')}
              {field('department')}
              {field('group')}
              {field('position')}
              <PhoneField control={form.control} name="phone" label={f.phone()} error={errorOf('phone')} />
              {field('email', { type: 'email', autoComplete: 'email' })}
              {employee ? (
                <TextField label={f.username()} name="username" value={employee.username} readOnly />
              ) : (
                <TextField label={f.username()} hint={LL.employees.loginHint()} maxLength={50} autoComplete="off" {...form.register('username')} error={errorOf('username')} />
              )}
            </div>
            <FormError message={status?.message} tone={status?.tone} />
            <Row gap="md">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {LL.list.save()}
              </Button>
              <Button variant="secondary" onClick={() => navigate(paths.employees.list)}>
                {LL.list.cancel()}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
