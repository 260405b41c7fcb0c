import { afterAll, expect, it } from 'vitest';
import { fakeTelegram } from '../../tests/support/telegram';
import { loadConfig } from '../config';
import { openTelegram, runTelegram } from './bot';

const telegram = await fakeTelegram();
const refusing = await fakeTelegram({ failGetMe: true });
afterAll(async () => {
  await telegram.close();
  await refusing.close();
});
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const configOf = (apiRoot: string, env: Record<string, string> = {}) =>
  loadConfig({ TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: apiRoot, ...env }, []);

it('runs without a bot when there is no token, or when Telegram refuses the token at the start', async () => {
  expect(await openTelegram(loadConfig({}, []))).toEqual({ telegram: null, failure: null });
  const refused = await openTelegram(configOf(refusing.apiRoot));
  expect(refused.telegram).toBeNull();
  expect(refused.failure).toContain('Unauthorized');
});

it('without a webhook secret polls for updates, and stops polling when stopped', async () => {
  const { telegram: bot } = await openTelegram(configOf(telegram.apiRoot));
  expect(bot?.username).toBe(telegram.username);
  if (!bot) return;
  const stop = await runTelegram(bot, configOf(telegram.apiRoot), log);
  const polls = async (n: number) => {
    const end = Date.now() + 5000;
    while (telegram.callsTo('getUpdates').length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return telegram.callsTo('getUpdates').length;
  };
  expect(await polls(2)).toBeGreaterThanOrEqual(2);
  expect(telegram.callsTo('deleteWebhook').length).toBe(1);
  await stop();
  const after = telegram.callsTo('getUpdates').length;
  await new Promise((r) => setTimeout(r, 1200));
  expect(telegram.callsTo('getUpdates').length).toBe(after);
  expect(telegram.callsTo('setWebhook')).toEqual([]);
});
