import type { components } from '#/api/schema';
import { createApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys';
import type { apiKeys } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden, invalidField, notFound } from '../../http/errors';

type Ops = 'listApiKeys' | 'createApiKey' | 'revokeApiKey';
type Scope = components['schemas']['ApiKeyScope'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toApiKeyDto = (row: typeof apiKeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  // Written only from the contract's enum (createApiKey).
  scopes: row.scopes as Scope[],
  created_at: row.createdAt.toISOString(),
  expires_at: iso(row.expiresAt),
  last_used_at: iso(row.lastUsedAt),
  revoked_at: iso(row.revokedAt),
});

/** The landlord's API keys (x-roles: landlord, x-scope: none: a session of the landlord only). */
export function apiKeyHandlers({ db }: Deps): HandlersOf<Ops> {
  const landlordOf = (req: { user: Parameters<typeof callerOf>[0]['user'] }) => {
    const user = callerOf(req);
    if (!user.landlordId) throw forbidden();
    return { id: user.id, landlordId: user.landlordId };
  };
  return {
    async listApiKeys(req) {
      const rows = await listApiKeys(db, landlordOf(req).landlordId);
      return { data: rows.map(toApiKeyDto) };
    },
    async createApiKey(req, reply) {
      const owner = landlordOf(req);
      const name = req.body.name.trim();
      if (!name) throw invalidField('name', (ll) => ll.errors.validation_failed());
      const expiresAt = req.body.expires_at ? new Date(req.body.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidField('expires_at', (ll) => ll.apiKeys.expiryPast());
      const { row, secret } = await createApiKey(db, owner, { name, scopes: req.body.scopes, expiresAt });
      return reply.status(201).send({ ...toApiKeyDto(row), secret });
    },
    async revokeApiKey(req, reply) {
      const row = await revokeApiKey(db, landlordOf(req).landlordId, req.params.id);
      if (!row) throw notFound();
      return reply.status(204).send();
    },
  };
}
