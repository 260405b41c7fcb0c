import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type Preferences, preferenceKeys, preferenceMutation, type Switch } from './preferences';

const stored = (): Preferences => ({
  kinds: [
    { kind: 'request.status', push: true, email: false, telegram: true },
    { kind: 'invoice.issued', push: true, email: true, telegram: true },
  ],
  channels: { email: { address: 'renter@example.kz', bounced: false }, telegram: { configured: true, linked: true } },
});

/** A cache holding the server's switches, and saves answered when the test says. */
function bench() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(preferenceKeys.preferences, stored());
  const pending: Array<{ change: Switch; answer: (p: Preferences) => void; fail: () => void }> = [];
  const options = preferenceMutation(
    queryClient,
    (change) =>
      new Promise<Preferences>((answer, reject) => {
        pending.push({ change, answer, fail: () => reject(new Error('offline')) });
      }),
  );
  const click = (change: Switch) => new MutationObserver(queryClient, options).mutate(change).catch(() => undefined);
  const shown = () => queryClient.getQueryData<Preferences>(preferenceKeys.preferences)?.kinds;
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { click, shown, pending, tick };
}

describe('a profile switch of a notification channel', () => {
  it('is shown switched at once, and the answer becomes the cache', async () => {
    const { click, shown, pending, tick } = bench();
    const done = click({ kind: 'request.status', channel: 'email', on: true });
    await tick();
    expect(shown()?.[0]).toEqual({ kind: 'request.status', push: true, email: true, telegram: true });
    const answer = stored();
    answer.kinds[0] = { kind: 'request.status', push: true, email: true, telegram: true };
    answer.channels.email.bounced = true;
    pending[0]?.answer(answer);
    await done;
    expect(shown()).toEqual(answer.kinds);
  });

  it('clicked twice in a row, the first answer does not undo the second click while it is on its way', async () => {
    const { click, shown, pending, tick } = bench();
    const first = click({ kind: 'request.status', channel: 'email', on: true });
    const second = click({ kind: 'invoice.issued', channel: 'email', on: false });
    await tick();
    expect(shown()?.map((k) => k.email)).toEqual([true, false]);
    // The server saved the first only, when it answered it.
    const afterFirst = stored();
    afterFirst.kinds[0]!.email = true;
    pending[0]?.answer(afterFirst);
    await first;
    expect(shown()?.map((k) => k.email)).toEqual([true, false]);
    const afterBoth = stored();
    afterBoth.kinds[0]!.email = true;
    afterBoth.kinds[1]!.email = false;
    pending[1]?.answer(afterBoth);
    await second;
    expect(shown()).toEqual(afterBoth.kinds);
  });

  it('a failed save puts back its own switch, not another clicked meanwhile', async () => {
    const { click, shown, pending, tick } = bench();
    const failing = click({ kind: 'request.status', channel: 'telegram', on: false });
    const saved = click({ kind: 'invoice.issued', channel: 'push', on: false });
    await tick();
    pending[0]?.fail();
    await failing;
    expect(shown()?.[0]).toEqual({ kind: 'request.status', push: true, email: false, telegram: true });
    expect(shown()?.[1]).toEqual({ kind: 'invoice.issued', push: false, email: true, telegram: true });
    const answer = stored();
    answer.kinds[1]!.push = false;
    pending[1]?.answer(answer);
    await saved;
    expect(shown()).toEqual(answer.kinds);
  });
});
