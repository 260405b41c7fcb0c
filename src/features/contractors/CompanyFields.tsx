import { type } from 'arktype';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ContractorInput } from '#/state/queries/contractors';
import * as s from '../../forms/FormGrid.css';
import { PhoneField } from '../../forms/PhoneField';
import { extraRules, rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import { TextArea, TextField } from '../../ui';

export type CompanyValues = Required<ContractorInput>;
export const emptyCompany: CompanyValues = {
  name: '',
  bin: '',
  services: '',
  contact_name: '',
  phone: '',
  email: '',
  address: '',
  comment: '',
};

/** The contract's ContractorInput rules in the user's language; the phone is required here. */
export function useCompanySchema() {
  const { LL } = useI18nContext();
  return useMemo(() => {
    const r = rules(LL);
    const x = extraRules(LL);
    return type({
      name: r.required().and(r.max(200)),
      bin: x.binIin,
      services: r.required().and(r.max(1000)),
      contact_name: r.required().and(r.max(200)),
      phone: r.phone,
      email: r.requiredEmail,
      address: r.max(500),
      comment: r.max(1000),
    });
  }, [LL]);
}

/** The company card's fields, shared by the landlord's form and the public contractor form. */
export function CompanyFields({ form, errorOf }: { form: UseFormReturn<CompanyValues>; errorOf: (name: keyof CompanyValues) => string | undefined }) {
  const { LL } = useI18nContext();
  const f = LL.contractors.fields;
  return (
    <div className={s.grid}>
      <TextField label={f.name()} autoComplete="organization" maxLength={200} required {...form.register('name')} error={errorOf('name')} />
      <TextField label={f.bin()} inputMode="numeric" maxLength={12} required {...form.register('bin')} error={errorOf('bin')} />
      <TextField label={f.contact_name()} autoComplete="name" maxLength={200} required {...form.register('contact_name')} error={errorOf('contact_name')} />
      <PhoneField control={form.control} name="phone" label={f.phone()} error={errorOf('phone')} required />
      <TextField label={f.email()} type="email" autoComplete="email" maxLength={254} required {...form.register('email')} error={errorOf('email')} />
      <TextField label={f.address()} autoComplete="street-address" maxLength={500} {...form.register('address')} error={errorOf('address')} />
      <TextArea
        label={f.services()}
        hint={LL.contractors.servicesHint()}
        maxLength={1000}
        rows={3}
        required
        {...form.register('services')}
        error={errorOf('services')}
      />
      <TextArea label={f.comment()} maxLength={1000} rows={3} {...form.register('comment')} error={errorOf('comment')} />
    </div>
  );
}

/** What is sent: optional texts left empty are simply not sent. */
export function companyBody(values: CompanyValues): ContractorInput {
  const { address, comment, ...rest } = values;
  return { ...rest, ...(address.trim() && { address }), ...(comment.trim() && { comment }) };
}
