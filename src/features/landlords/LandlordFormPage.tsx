import { type } from 'arktype';
import { useMemo } from 'react';
import { paths } from '#/app/paths';
import { type Landlord, useLandlord, useSaveLandlord } from '#/state/queries/landlords';
import { useSessionRole } from '#/state/session';
import * as s from '../../forms/FormGrid.css';
import { FormPage, useAfterSave } from '../../forms/FormPage';
import { LanguageSelect, languageRule } from '../../forms/LanguageSelect';
import { PhoneField } from '../../forms/PhoneField';
import { EMAIL_PATTERN, extraRules, rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Locales } from '../../i18n/i18n-types';
import { QueryPage } from '../../lists/QueryPage';
import { TextField } from '../../ui';

type Values = {
  name: string;
  bin: string;
  legal_address: string;
  phone: string;
  email: string;
  username: string;
  full_name: string;
  login_email: string;
  language: string;
};
const empty: Values = { name: '', bin: '', legal_address: '', phone: '', email: '', username: '', full_name: '', login_email: '', language: '' };

/** `/landlords/update/{id}`: the superadmin's edit, and a landlord's own organisation card. */
export function LandlordEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useLandlord(id);
  return (
    <QueryPage title={LL.landlords.editTitle()} query={query} lines={6}>
      {(data) => <LandlordFormPage landlord={data} />}
    </QueryPage>
  );
}

/** `/landlords/create` (the organisation and its login) and the edit page (the organisation only). */
export function LandlordFormPage({ landlord }: { landlord?: Landlord }) {
  const { LL, locale } = useI18nContext();
  const done = useAfterSave();
  const save = useSaveLandlord(landlord?.id);
  const role = useSessionRole();
  const back = role === 'superadmin' ? paths.landlords.list : paths.objects.list;
  const schema = useMemo(() => {
    const r = rules(LL);
    const x = extraRules(LL);
    const optionalEmail = type('string').narrow((v, ctx) => v === '' || EMAIL_PATTERN.test(v) || ctx.reject({ message: LL.validation.email() }));
    return type({
      name: r.required().and(r.max(200)),
      bin: x.binIin,
      legal_address: r.max(300),
      phone: r.optionalPhone,
      email: optionalEmail,
      username: landlord ? r.optionalText : x.username,
      full_name: landlord ? r.optionalText : r.required().and(r.max(200)),
      login_email: landlord ? r.optionalText : r.requiredEmail,
      language: landlord ? r.optionalText : languageRule,
    });
  }, [LL, landlord]);
  const initial: Values = landlord
    ? {
        ...empty,
        name: landlord.name,
        bin: landlord.bin ?? '',
        legal_address: landlord.legal_address ?? '',
        phone: landlord.phone ?? '',
        email: landlord.email ?? '',
      }
    : { ...empty, language: locale };
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(schema, initial);
  const f = LL.landlords.fields;

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ ...values, language: values.language as Locales });
    done(!landlord, back);
  });

  const field = (
    name: Exclude<keyof Values, 'phone' | 'language'>,
    extra: { type?: string; inputMode?: 'numeric'; maxLength?: number; hint?: string; required?: boolean } = {},
  ) => <TextField label={f[name]()} maxLength={200} {...extra} {...form.register(name)} error={errorOf(name)} />;
  const title = !landlord ? LL.landlords.createTitle() : role === 'superadmin' ? LL.landlords.editTitle() : LL.landlords.myCard();

  return (
    <FormPage title={title} testId="landlord-form" {...pageProps(onSubmit)} back={back}>
      <div className={s.grid}>
        {field('name', { required: true })}
        {field('bin', { inputMode: 'numeric', maxLength: 12, required: true })}
        {field('legal_address', { maxLength: 300 })}
        <PhoneField control={form.control} name="phone" label={f.phone()} error={errorOf('phone')} />
        {field('email', { type: 'email', maxLength: 254 })}
      </div>
      {landlord ? (
        landlord.username && <TextField label={f.username()} name="username" value={landlord.username} readOnly />
      ) : (
        <>
          <h2>{LL.landlords.loginSection()}</h2>
          <div className={s.grid}>
            {field('username', { maxLength: 50, required: true })}
            {field('full_name', { required: true })}
            {field('login_email', { type: 'email', maxLength: 254, hint: LL.landlords.loginHint(), required: true })}
            <LanguageSelect {...form.register('language')} error={errorOf('language')} />
          </div>
        </>
      )}
    </FormPage>
  );
}
