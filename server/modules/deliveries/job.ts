import { defineInterval, type JobContext, type JobDeclaration } from '../../jobs/declare';
import { every } from '../../jobs/every';
import type { ChannelAdapter } from './channel';
import { type Delivered, deliverDue, dropUncarried } from './worker';

const deliveryInterval = defineInterval({
  env: 'DELIVERY_INTERVAL_MS',
  key: 'deliveryIntervalMs',
  defaultMs: 2000,
  describe:
    'how often each API process sends what the outbox holds for push, e-mail and Telegram (claimed with SKIP LOCKED, safe with several processes); `0` disables it',
});

/**
 * The outbox's job, in every process: each run sends every configured channel's due messages, a
 * channel's batch after batch while they come full, and removes what no channel here carries. A run
 * never overlaps the previous one, and a slow channel (Telegram's throttler) holds back only itself.
 */
export function deliveryJob(channels: ReadonlyArray<(ctx: JobContext) => ChannelAdapter | null>): JobDeclaration {
  return {
    name: 'delivery',
    interval: deliveryInterval,
    start(ctx, intervalMs, onError) {
      const adapters = channels.map((make) => make(ctx)).filter((a): a is ChannelAdapter => a !== null);
      let stopped = false;
      const drain = async (adapter: ChannelAdapter) => {
        let run: Delivered;
        do run = await deliverDue(ctx.db, adapter, ctx.log);
        while (!stopped && run.claimed === adapter.batch);
      };
      const carried = adapters.map((a) => a.channel);
      const jobs = [
        ...adapters.map((adapter) => every(intervalMs, () => drain(adapter), onError)),
        every(intervalMs, () => dropUncarried(ctx.db, carried), onError),
      ];
      return {
        async stop() {
          stopped = true;
          await Promise.all(jobs.map((job) => job.stop()));
        },
      };
    },
  };
}
