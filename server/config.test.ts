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

it('reads the Telegram settings: no bot without a token, the default API root, a webhook secret Telegram can send back', () => {
  expect(loadConfig({}, [])).toMatchObject({ telegramBotToken: null, telegramWebhookSecret: null, telegramApiRoot: 'https://api.telegram.org' });
  expect(
    loadConfig({ TELEGRAM_BOT_TOKEN: ' 1:abc ', TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/', TELEGRAM_WEBHOOK_SECRET: 'a_secret-of-16chars' }, []),
  ).toMatchObject({
    telegramBotToken: '1:abc',
    telegramApiRoot: 'http://127.0.0.1:8081',
    telegramWebhookSecret: 'a_secret-of-16chars',
  });
  expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: 'short' }, [])).toThrow('TELEGRAM_WEBHOOK_SECRET must be 16 to 256');
  expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: 'has spaces in the secret' }, [])).toThrow('TELEGRAM_WEBHOOK_SECRET');
});
