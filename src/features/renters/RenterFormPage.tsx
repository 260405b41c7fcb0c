import { useMemo } from 'react';
import { paths } from '#/app/paths';
import { type Renter, useCreateRenter, useRenter, useRoomOptions, useUpdateRenter } from '#/state/queries/renters';
import { ApiRequestError } from '../../api/client';
import * as s from '../../forms/FormGrid.css';
import { FormPage, useAfterSave } from '../../forms/FormPage';
import { LanguageSelect } from '../../forms/LanguageSelect';
import { PhoneField } from '../../forms/PhoneField';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { ErrorState, Page, Skeleton, TextField } from '../../ui';
import { RoomSelect } from './RoomSelect';
import { emptyRenter, inputOf, type RenterValues, renterSchema, valuesOf } from './renter-form';

/** `/renters/update/{id}`: loads the renter, then the same form as create. */
export function RenterEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useRenter(id);
  return (
    <QueryPage title={LL.renters.editTitle()} query={query} lines={10}>
      {(data) => <RenterFormPage renter={data} />}
    </QueryPage>
  );
}

type TextName = Exclude<keyof RenterValues, 'phone' | 'room_id' | 'language'>;

type CreateBody = Parameters<ReturnType<typeof useCreateRenter>['mutateAsync']>[0];
type Props = {
  renter?: Renter;
  /** Creating from elsewhere (the waiting list's "make renter"): initial values and the call that creates. */
  prefill?: Partial<RenterValues>;
  create?: (body: CreateBody) => Promise<unknown>;
};

/** `/renters/create` and the edit page: the renter form, validated as the user types. */
export function RenterFormPage({ renter, prefill, create }: Props) {
  const { LL, locale } = useI18nContext();
  const done = useAfterSave();
  const update = useUpdateRenter(renter?.id ?? '');
  const createRenter = useCreateRenter(create);
  const rooms = useRoomOptions();
  const schema = useMemo(() => renterSchema(LL, !renter), [LL, renter]);
  const { form, submit, errorOf, pageProps } = useAppForm<RenterValues>(
    schema,
    renter ? valuesOf(renter, locale) : { ...emptyRenter, language: locale, ...prefill },
  );
  const f = LL.renters.fields;

  const onSubmit = submit(
    async (values) => {
      if (renter) {
        await update.mutateAsync(inputOf(values));
        done(false, paths.renters.view(renter.id));
        return;
      }
      try {
        await createRenter.mutateAsync({ ...inputOf(values), username: values.username });
      } catch (err) {
        // One message for a failed creation, unless the server named the fields at fault.
        if (err instanceof ApiRequestError && err.body.fields) throw err;
        throw new Error('renter not created');
      }
      done(true, paths.renters.list, LL.renters.created());
    },
    renter ? undefined : LL.renters.createFailed(),
  );

  const field = (
    name: TextName,
    extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'decimal' | 'url'; hint?: string; maxLength?: number } = {},
  ) => (
    // Every field is required but instagram and website (and the login once the renter exists).
    <TextField
      label={f[name]()}
      maxLength={200}
      required={!(name === 'instagram' || name === 'website' || (renter && name === 'username'))}
      {...extra}
      {...form.register(name)}
      error={errorOf(name)}
    />
  );
  const title = renter ? LL.renters.editTitle() : LL.renters.createTitle();

  if (rooms.isError) {
    return (
      <Page title={title}>
        <ErrorState text={LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void rooms.refetch()} />
      </Page>
    );
  }

  return (
    <FormPage title={title} testId="renter-form" {...pageProps(onSubmit)} back={renter ? paths.renters.view(renter.id) : paths.renters.list}>
      <div className={s.grid}>
        {field('legal_name', { autoComplete: 'organization' })}
        {field('bin_iin', { inputMode: 'numeric', maxLength: 12 })}
        {field('trade_point_name')}
        {field('trade_category')}
        {rooms.isPending ? (
          <Skeleton lines={1} label={LL.common.loading()} />
        ) : (
          <RoomSelect
            required
            label={f.room_id()}
            groups={rooms.data}
            hint={rooms.data.length === 0 ? LL.renters.noRooms() : undefined}
            {...form.register('room_id')}
            error={errorOf('room_id')}
          />
        )}
        {field('lease_contract_date', { type: 'date' })}
        {field('trade_area', { inputMode: 'decimal', maxLength: 12 })}
        {field('contact_full_name', { autoComplete: 'name' })}
        {field('contact_position', { autoComplete: 'organization-title' })}
        <PhoneField control={form.control} name="phone" label={f.phone()} error={errorOf('phone')} required />
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('instagram', { hint: LL.renters.instagramHint() })}
        {field('website', { type: 'url', inputMode: 'url', autoComplete: 'url', maxLength: 300 })}
        {field('legal_address', { autoComplete: 'street-address', maxLength: 500 })}
        {renter ? (
          <TextField label={f.username()} name="username" value={renter.username} readOnly />
        ) : (
          field('username', { hint: LL.renters.loginHint(), autoComplete: 'off', maxLength: 50 })
        )}
        <LanguageSelect {...form.register('language')} error={errorOf('language')} />
      </div>
    </FormPage>
  );
}
