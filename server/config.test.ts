import { expect, it } from 'vitest';
import { loadConfig } from './config';

it('reads whole-number settings, with their defaults when unset or empty', () => {
  expect(loadConfig({}, []).databasePoolSize).toBe(10);
  expect(loadConfig({ DATABASE_POOL_SIZE: ' 4 ', PORT: '8080', TASK_DEADLINE_INTERVAL_MS: '0' }, [])).toMatchObject({
    databasePoolSize: 4,
    port: 8080,
    taskDeadlineIntervalMs: 0,
  });
  expect(loadConfig({ PGLITE_MAX_QUEUE: '' }, []).pgliteMaxQueue).toBe(64);
});

it('stops the start with the setting named when a number is mistyped', () => {
  expect(() => loadConfig({ PORT: '30OO' }, [])).toThrow('PORT must be a whole number of at least 0, not "30OO"');
  expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' }, [])).toThrow('DATABASE_POOL_SIZE must be a whole number of at least 1');
  expect(() => loadConfig({ LOGIN_RATE_LIMIT: '2.5' }, [])).toThrow('LOGIN_RATE_LIMIT');
  expect(() => loadConfig({ NOTICE_INTERVAL_MS: '-1' }, [])).toThrow('NOTICE_INTERVAL_MS');
});
