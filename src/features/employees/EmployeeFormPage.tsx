import { type } from 'arktype';
import { useMemo } from 'react';
import { paths } from '#/app/paths';
import { type Employee, useEmployee, useSaveEmployee } from '#/state/queries/employees';
import * as s from '../../forms/FormGrid.css';
import { FormPage, useAfterSave } from '../../forms/FormPage';
import { LanguageSelect, languageRule } from '../../forms/LanguageSelect';
import { PhoneField } from '../../forms/PhoneField';
import { extraRules, rules } from '../../forms/rules';
import { useAppForm, valuesFrom } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Locales } from '../../i18n/i18n-types';
import { QueryPage } from '../../lists/QueryPage';
import { TextField } from '../../ui';

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
  language: string;
};

const empty: Values = {
  full_name: '',
  iin: '',
  legal_name: '',
  department: '',
  group: '',
  position: '',
  phone: '',
  email: '',
  username: '',
  language: '',
};

/** `/employees/update/{id}`: loads the employee, then the same form as create. */
export function EmployeeEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useEmployee(id);
  return (
    <QueryPage title={LL.employees.editTitle()} query={query} lines={8}>
      {(data) => <EmployeeFormPage employee={data} />}
    </QueryPage>
  );
}

/** `/employees/create` and the edit page: one form, validated as the user types (arktype). */
export function EmployeeFormPage({ employee }: { employee?: Employee }) {
  const { LL, locale } = useI18nContext();
  const done = useAfterSave();
  const save = useSaveEmployee(employee?.id);
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
      language: languageRule,
    });
  }, [LL, employee]);
  // A new login reads its creator's language unless another is chosen.
  const initial: Values = employee ? valuesFrom(empty, employee) : { ...empty, language: locale };
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(schema, initial);
  const f = LL.employees.fields;

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ ...values, language: values.language as Locales });
    done(!employee, paths.employees.list);
  });

  const field = (
    name: Exclude<keyof Values, 'phone' | 'language'>,
    extra: { type?: string; autoComplete?: string; inputMode?: 'numeric'; required?: boolean } = {},
  ) => <TextField label={f[name]()} maxLength={200} {...extra} {...form.register(name)} error={errorOf(name)} />;

  return (
    <FormPage
      title={employee ? LL.employees.editTitle() : LL.employees.createTitle()}
      testId="employee-form"
      {...pageProps(onSubmit)}
      back={paths.employees.list}
    >
      <div className={s.grid}>
        {field('full_name', { autoComplete: 'name', required: true })}
        {field('iin', { inputMode: 'numeric' })}
        {field('legal_name')}
        {field('department')}
        {field('group')}
        {field('position')}
        <PhoneField control={form.control} name="phone" label={f.phone()} error={errorOf('phone')} />
        {field('email', { type: 'email', autoComplete: 'email', required: true })}
        {employee ? (
          <TextField label={f.username()} name="username" value={employee.username} readOnly />
        ) : (
          <TextField
            label={f.username()}
            hint={LL.employees.loginHint()}
            maxLength={50}
            autoComplete="off"
            required
            {...form.register('username')}
            error={errorOf('username')}
          />
        )}
        <LanguageSelect {...form.register('language')} error={errorOf('language')} />
      </div>
    </FormPage>
  );
}
