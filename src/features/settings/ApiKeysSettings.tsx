import { useState } from 'react';
import { almatyInstant, almatyToday } from '#/shared/almaty';
import { KEY_MODULES } from '#/shared/api-key-scopes';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type ApiKey, type ApiKeyScope, useApiKeys, useCreateApiKey, useRevokeApiKey } from '#/state/queries/api-keys';
import { messageOf } from '../../api/client';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, EmptyState, ErrorState, FormError, Select, Skeleton, TextField } from '../../ui';
import * as s from './Settings.css';

type Module = (typeof KEY_MODULES)[number];
type Access = 'none' | 'read' | 'write';
const noAccess = () => Object.fromEntries(KEY_MODULES.map((m) => [m, 'none'])) as Record<Module, Access>;

/**
 * "API keys" in Settings (the landlord only): a key is made with a name, an access per module and an
 * optional last day; its secret is shown once, here, until "Done". Keys are listed and revoked.
 */
export function ApiKeysSettings() {
  const { LL } = useI18nContext();
  const t = LL.apiKeys;
  const query = useApiKeys();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  return (
    <section data-testid="api-keys-settings">
      <h2>{t.title()}</h2>
      <p className={s.hint}>
        {t.hint()}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t.docs()}
        </a>
      </p>
      <div className={s.access}>
        {secret ? <SecretCard secret={secret} onDone={() => setSecret(null)} /> : <NewKey onCreated={setSecret} />}
        {query.isPending ? (
          <Skeleton lines={3} label={LL.common.loading()} />
        ) : query.isError ? (
          <ErrorState text={LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title={t.empty()} />
        ) : (
          query.data.map((key) => <KeyCard key={key.id} apiKey={key} />)
        )}
      </div>
    </section>
  );
}

/** The form of a new key. */
function NewKey({ onCreated }: { onCreated: (secret: { name: string; value: string }) => void }) {
  const { LL } = useI18nContext();
  const t = LL.apiKeys;
  const alerts = useAlerts();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [until, setUntil] = useState('');
  const [access, setAccess] = useState(noAccess);
  const [error, setError] = useState<string | null>(null);
  const scopes = KEY_MODULES.flatMap((m) => (access[m] === 'none' ? [] : [`${m}:${access[m]}` as ApiKeyScope]));
  const options = (['none', 'read', 'write'] as const).map((a) => ({ value: a, label: t.access[a]() }));
  const submit = async () => {
    if (scopes.length === 0) return setError(t.noScopes());
    setError(null);
    try {
      // The last day counts whole, to its end in Almaty.
      const created = await create.mutateAsync({ name: name.trim(), scopes, expires_at: until ? almatyInstant(until, '23:59') : null });
      alerts.add({ message: t.created({ name: created.name }), type: 'success' });
      setName('');
      setUntil('');
      setAccess(noAccess());
      onCreated({ name: created.name, value: created.secret });
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    }
  };
  return (
    <Card title={t.create()} data-testid="api-key-new">
      <div className={s.modules}>
        <TextField label={t.name()} name="api-key-name" maxLength={100} required value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label={t.expiresAt()} name="api-key-until" type="date" min={almatyToday()} value={until} onChange={(e) => setUntil(e.target.value)} />
      </div>
      <h3>{t.scopes()}</h3>
      <div className={s.modules}>
        {KEY_MODULES.map((m) => (
          <Select
            key={m}
            label={t.modules[m]()}
            name={`scope-${m}`}
            value={access[m]}
            options={options}
            onChange={(e) => setAccess({ ...access, [m]: e.target.value as Access })}
          />
        ))}
      </div>
      {error && <FormError message={error} />}
      <div className={s.footer}>
        <span />
        <Button disabled={!name.trim()} loading={create.isPending} onClick={() => void submit()}>
          {t.create()}
        </Button>
      </div>
    </Card>
  );
}

/** The new key's secret, shown this once. */
function SecretCard({ secret, onDone }: { secret: { name: string; value: string }; onDone: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.apiKeys;
  const alerts = useAlerts();
  const copy = async () => {
    await navigator.clipboard?.writeText(secret.value);
    alerts.add({ message: t.copied(), type: 'success' });
  };
  return (
    <Card title={`${t.secretTitle()}: ${secret.name}`} data-testid="api-key-secret">
      <p className={s.hint}>{t.secretHint()}</p>
      <TextField
        label={secret.name}
        name="api-key-secret"
        readOnly
        value={secret.value}
        onFocus={(e) => e.target.select()}
        data-testid="api-key-secret-value"
      />
      <div className={s.footer}>
        <Button variant="secondary" onClick={() => void copy()}>
          {t.copy()}
        </Button>
        <Button onClick={onDone}>{t.done()}</Button>
      </div>
    </Card>
  );
}

/** One key in the list: what it may do, when it was made, runs out and was last used; revoked, or its button. */
function KeyCard({ apiKey }: { apiKey: ApiKey }) {
  const { LL, locale } = useI18nContext();
  const t = LL.apiKeys;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const revoke = useRevokeApiKey();
  const when = (iso: string) => formatDateTime(iso, locale);
  const expired = apiKey.expires_at !== null && new Date(apiKey.expires_at).getTime() <= Date.now();
  const scopes = apiKey.scopes.map((scope) => {
    const [m, a] = scope.split(':') as [Module, 'read' | 'write'];
    return `${t.modules[m]()}: ${t.access[a]().toLowerCase()}`;
  });
  const onRevoke = async () => {
    if (!(await confirm({ message: t.revokeConfirm({ name: apiKey.name }), confirmLabel: t.revoke() }))) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => alerts.add({ message: t.revoked({ name: apiKey.name }), type: 'success' }),
      onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    });
  };
  return (
    <Card title={apiKey.name} data-testid="api-key" aria-label={apiKey.name}>
      <dl className={s.keyFacts}>
        <dt>{t.hintLabel()}</dt>
        <dd>
          <code>{apiKey.hint}…</code>
        </dd>
        <dt>{t.scopes()}</dt>
        <dd>{scopes.join(', ')}</dd>
        <dt>{t.createdAt()}</dt>
        <dd>{when(apiKey.created_at)}</dd>
        <dt>{t.expires()}</dt>
        <dd>{apiKey.expires_at ? when(apiKey.expires_at) : t.noExpiry()}</dd>
        <dt>{t.lastUsed()}</dt>
        <dd>{apiKey.last_used_at ? when(apiKey.last_used_at) : t.never()}</dd>
      </dl>
      <div className={s.footer}>
        {apiKey.revoked_at ? (
          <strong data-testid="api-key-state">{t.revokedAt({ date: when(apiKey.revoked_at) })}</strong>
        ) : expired ? (
          <strong data-testid="api-key-state">{t.expired()}</strong>
        ) : (
          <span />
        )}
        {!apiKey.revoked_at && (
          <Button variant="danger" loading={revoke.isPending} onClick={() => void onRevoke()}>
            {t.revoke()}
          </Button>
        )}
      </div>
    </Card>
  );
}
