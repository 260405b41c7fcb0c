import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useAllViolationTypes, useSaveViolationType, type ViolationType, type ViolationTypeInput } from '#/state/queries/violation-types';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, Checkbox, ErrorState, Skeleton, TextField } from '../../ui';
import * as s from './Settings.css';

const blank: ViolationTypeInput = { name_ru: '', name_kk: '', name_en: '', active: true };
const inputOf = (t: ViolationType): ViolationTypeInput => ({ name_ru: t.name_ru, name_kk: t.name_kk, name_en: t.name_en, active: t.active });
const complete = (v: ViolationTypeInput) => Boolean(v.name_ru.trim() && v.name_kk.trim() && v.name_en.trim());

/** "Violation types" in Settings (the landlord only): rename in three languages, switch off, add. */
export function ViolationTypesSettings() {
  const { LL } = useI18nContext();
  const t = LL.violations.types;
  const query = useAllViolationTypes();
  return (
    <section data-testid="violation-types-settings">
      <h2>{t.title()}</h2>
      <p className={s.hint}>{t.hint()}</p>
      {query.isPending ? (
        <Skeleton lines={4} label={LL.common.loading()} />
      ) : query.isError ? (
        <ErrorState text={LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
      ) : (
        <div className={s.access}>
          {query.data.map((type) => (
            <TypeRow key={type.id} type={type} />
          ))}
          <TypeRow />
        </div>
      )}
    </section>
  );
}

/** One type's names and switch, saved with its own button; without a type, the row that adds one. */
function TypeRow({ type }: { type?: ViolationType }) {
  const { LL } = useI18nContext();
  const t = LL.violations.types;
  const alerts = useAlerts();
  const save = useSaveViolationType();
  const [draft, setDraft] = useState<ViolationTypeInput>(type ? inputOf(type) : blank);
  const saved = type ? inputOf(type) : blank;
  const dirty = (Object.keys(draft) as Array<keyof ViolationTypeInput>).some((k) => draft[k] !== saved[k]);
  const key = type?.id ?? 'new';
  const field = (name: 'name_ru' | 'name_kk' | 'name_en', label: string) => (
    <TextField
      label={label}
      name={`${name}-${key}`}
      maxLength={200}
      required
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );
  const submit = async () => {
    try {
      await save.mutateAsync({ id: type?.id, body: { ...draft, name_ru: draft.name_ru.trim(), name_kk: draft.name_kk.trim(), name_en: draft.name_en.trim() } });
      alerts.add({ message: type ? t.saved() : t.added(), type: 'success' });
      if (!type) setDraft(blank);
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
    }
  };
  return (
    <Card title={type ? undefined : t.add()} data-testid={type ? 'violation-type' : 'violation-type-new'}>
      <div className={s.modules}>
        {field('name_ru', t.nameRu())}
        {field('name_kk', t.nameKk())}
        {field('name_en', t.nameEn())}
      </div>
      <div className={s.footer}>
        {type ? (
          <Checkbox
            label={t.active()}
            name={`active-${key}`}
            checked={draft.active ?? true}
            onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
          />
        ) : (
          <span />
        )}
        <Button disabled={!dirty || !complete(draft)} loading={save.isPending} onClick={() => void submit()}>
          {type ? t.save() : t.add()}
        </Button>
      </div>
    </Card>
  );
}
