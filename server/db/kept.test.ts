import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { fragmentKey, KEPT, kept } from './kept';
import { requests } from './schema';

// A statement store keyed by the database object: any object stands for one here.
const database = () => ({}) as Db;

describe('kept statements', () => {
  it('builds once per database and key', () => {
    const [a, b] = [database(), database()];
    let builds = 0;
    const build = () => ({ n: ++builds });
    expect(kept(a, 'k', build)).toEqual({ n: 1 });
    expect(kept(a, 'k', build)).toEqual({ n: 1 });
    expect(kept(b, 'k', build)).toEqual({ n: 2 });
    expect(kept(a, 'other', build)).toEqual({ n: 3 });
  });

  it('keys a WHERE by its text and its values', () => {
    const one = fragmentKey(eq(requests.landlordId, '00000000-0000-4000-8000-000000000001'));
    expect(fragmentKey(eq(requests.landlordId, '00000000-0000-4000-8000-000000000001'))).toBe(one);
    expect(fragmentKey(eq(requests.landlordId, '00000000-0000-4000-8000-000000000002'))).not.toBe(one);
    expect(fragmentKey(eq(requests.objectId, '00000000-0000-4000-8000-000000000001'))).not.toBe(one);
    expect(fragmentKey(undefined)).toBe('*');
  });

  it('is emptied when full, and builds again what it had', () => {
    const db = database();
    let builds = 0;
    const build = () => ++builds;
    for (let i = 0; i < KEPT; i++) kept(db, `key ${i}`, build);
    expect(kept(db, 'key 0', build)).toBe(1);
    expect(kept(db, 'one more', build)).toBe(KEPT + 1);
    expect(kept(db, 'key 0', build)).toBe(KEPT + 2);
  });
});
