import { type } from 'arktype';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type Meter, type ReadingWindow, useMeters, useReading, useSubmitReading } from '#/state/queries/meters';
import { FormPage } from '../../forms/FormPage';
import { asDecimal, isQuantity } from '../../forms/figures';
import { useAppForm } from '../../forms/useAppForm';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { MB, photoRule, precheck } from '../../records/files';
import { useMeterText } from '../../shared-ui/meter-text';
import { EmptyState, FormError, Page, Select, TextField } from '../../ui';
import * as s from './meters.css';

type Values = { meter_id: string; value: string };

/** `/meters/submit?meter_id=`: the tenant's phone form, a meter's value and a photo of its dial, while the window is open. */
export function SubmitReadingPage() {
  const { LL } = useI18nContext();
  const picked = new URLSearchParams(useSearch()).get('meter_id') ?? '';
  return (
    <QueryPage title={LL.meters.submitPage.title()} query={useMeters({ page: 1, limit: 100 }, {})}>
      {(list) =>
        list.data.length === 0 ? (
          <Page title={LL.meters.submitPage.title()}>
            <EmptyState title={LL.meters.submitPage.noMeters()} />
          </Page>
        ) : (
          <SubmitForm meters={list.data} window={list.window} picked={list.data.some((m) => m.id === picked) ? picked : (list.data[0]?.id ?? '')} />
        )
      }
    </QueryPage>
  );
}

function SubmitForm({ meters, window: w, picked }: { meters: Meter[]; window: ReadingWindow; picked: string }) {
  const { LL, locale } = useI18nContext();
  const t = LL.meters.submitPage;
  const text = useMeterText();
  const alerts = useAlerts();
  const [, navigate] = useLocation();
  const submit = useSubmitReading();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const schema = useMemo(
    () =>
      type({
        meter_id: type(/\S/).configure({ message: LL.validation.required() }),
        value: type('string').narrow((v, ctx) => isQuantity(v) || ctx.reject({ message: v.trim() ? LL.meters.valueInvalid() : LL.validation.required() })),
      }),
    [LL],
  );
  const { form, submit: onValid, errorOf, pageProps } = useAppForm<Values>(schema, { meter_id: picked, value: '' });
  const meter = meters.find((m) => m.id === form.watch('meter_id'));
  const last = meter?.last_reading;
  // A reading of this window's month returned by staff: its reason is shown while it is submitted again.
  const returned = last && last.period === w.period && last.status === 'returned' ? last.id : '';

  const onSubmit = onValid(async (v) => {
    if (!photo) {
      setPhotoError(t.photoRequired());
      return;
    }
    const reading = await submit.mutateAsync({ meter_id: v.meter_id, value: asDecimal(v.value), photo });
    alerts.add({ message: t.sent(), type: 'success' });
    navigate(paths.meterReadings.view(reading.id));
  });

  return (
    <FormPage
      title={t.title()}
      testId="reading-submit"
      {...pageProps(onSubmit)}
      back={paths.meters.list}
      submitLabel={t.send()}
      disabled={!w.open || Boolean(photoError)}
    >
      {!w.open && (
        <FormError
          message={LL.meters.windowClosed({ month: text.monthIn(w.period), from: formatDay(w.from, locale), to: formatDay(w.to, locale) })}
          tone="info"
          data-testid="reading-window"
        />
      )}
      {returned && <ReturnReason id={returned} />}
      <Select
        label={t.meter()}
        options={meters.map((m) => ({ value: m.id, label: `${text.type(m.type)} № ${m.serial} · ${text.where(m, false)}` }))}
        {...form.register('meter_id')}
        error={errorOf('meter_id')}
        data-testid="reading-meter"
      />
      {meter && last && (
        <p className={s.muted}>{LL.meters.lastReading({ value: text.figure(last.value), unit: text.unit(meter.type), month: text.monthIn(last.period) })}</p>
      )}
      <TextField
        label={meter ? `${t.value()}, ${text.unit(meter.type)}` : t.value()}
        inputMode="decimal"
        autoComplete="off"
        hint={t.valueHint()}
        required
        {...form.register('value')}
        error={errorOf('value')}
        data-testid="reading-value"
      />
      <PhotoField
        file={photo}
        error={photoError}
        onFile={(file, error) => {
          setPhoto(error ? null : file);
          setPhotoError(error);
        }}
      />
    </FormPage>
  );
}

/** Why staff returned the reading, in their words. */
function ReturnReason({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const reading = useReading(id).data;
  if (!reading?.return_reason) return null;
  return <FormError message={LL.meters.submitPage.returned({ reason: reading.return_reason })} tone="error" data-testid="reading-returned" />;
}

/**
 * One photo of the dial: on a phone the input opens the back camera (`capture`), elsewhere the file
 * picker. Checked before sending as the contract limits it (JPEG, PNG or WebP, 10 MiB), and shown.
 */
function PhotoField({ file, error, onFile }: { file: File | null; error?: string; onFile: (file: File | null, error?: string) => void }) {
  const { LL } = useI18nContext();
  const t = LL.meters.submitPage;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return (
    <div>
      <TextField
        label={t.photo()}
        name="photo"
        type="file"
        accept="image/*"
        capture="environment"
        required
        hint={t.photoHint()}
        error={error}
        className={s.photoInput}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          if (!chosen) return onFile(null);
          const refused = precheck([chosen], photoRule, {
            type: LL.errors.file_type(),
            size: LL.errors.file_too_large({ max: Math.round((photoRule.maxBytes ?? 0) / MB) }),
          });
          onFile(chosen, refused[0]?.message);
        }}
        data-testid="reading-photo-input"
      />
      {url && <img src={url} alt="" className={s.thumb} data-testid="reading-photo-preview" />}
    </div>
  );
}
