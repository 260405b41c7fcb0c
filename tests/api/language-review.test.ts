import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { requestTypes, violationTypes } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

const FIRE_EXIT_OLD = 'Өрт шығатын есікті бөгеу';
const FIRE_EXIT = 'Эвакуациялық шығу жолын бөгеу';
const AFTER_HOURS_OLD = 'Жұмыстан тыс уақытта жұмыс істеуге рұқсат';
const AFTER_HOURS = 'Жұмыс уақытынан тыс жұмыстарға рұқсат';

/** The migration that renames the seeded Kazakh texts, run again over rows set back to the old text. */
const migration = readFileSync(new URL('../../server/db/migrations/0023_language_review.sql', import.meta.url), 'utf8');

describeEachDatabase('seeded Kazakh names after the language review', (h) => {
  const t = { landlord: '', landlord2: '' };
  const ids = { landlord: '', landlord2: '' };
  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) {
      t[name] = await h.login(name);
      ids[name] = (await h.api('/user/landlord', { token: t[name] })).body.id;
    }
  });

  const fireExit = async (landlordId: string) => {
    const [row] = await h.db
      .select({ nameKk: violationTypes.nameKk })
      .from(violationTypes)
      .where(and(eq(violationTypes.landlordId, landlordId), eq(violationTypes.code, 'fire_exit_blocked')));
    return row?.nameKk;
  };

  it('offers a landlord the fire exit as an evacuation exit in Kazakh, never the old wording', async () => {
    const kk = await h.api('/violation-types', { token: t.landlord, lang: 'kk' });
    const names = kk.body.map((x: { name: string }) => x.name);
    expect(names).toContain(FIRE_EXIT);
    expect(names).not.toContain(FIRE_EXIT_OLD);
    const ru = await h.api('/violation-types', { token: t.landlord, lang: 'ru' });
    expect(ru.body.map((x: { name: string }) => x.name)).toContain('Загромождение пожарного выхода');
  });

  it('renames the old text in existing rows and keeps a name the landlord gave', async () => {
    await h.db
      .update(violationTypes)
      .set({ nameKk: FIRE_EXIT_OLD })
      .where(and(eq(violationTypes.landlordId, ids.landlord), eq(violationTypes.code, 'fire_exit_blocked')));
    await h.db
      .update(violationTypes)
      .set({ nameKk: 'Шығу жолы бөгелген' })
      .where(and(eq(violationTypes.landlordId, ids.landlord2), eq(violationTypes.code, 'fire_exit_blocked')));
    await h.db.update(requestTypes).set({ nameKk: AFTER_HOURS_OLD }).where(eq(requestTypes.code, 'after_hours_work'));

    for (const statement of migration.split('--> statement-breakpoint')) await h.db.execute(sql.raw(statement));

    expect(await fireExit(ids.landlord)).toBe(FIRE_EXIT);
    expect(await fireExit(ids.landlord2)).toBe('Шығу жолы бөгелген');
    const [type] = await h.db.select({ nameKk: requestTypes.nameKk }).from(requestTypes).where(eq(requestTypes.code, 'after_hours_work'));
    expect(type?.nameKk).toBe(AFTER_HOURS);
  });
});
