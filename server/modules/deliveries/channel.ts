import type { Locales } from '#/i18n/i18n-types';
import type { DeliveryChannel } from '../../db/schema';

/** The inbox row a message tells of, as the push, the mail and the bot write it. */
export type Source = {
  id: number;
  kind: string;
  params: Record<string, string | number | null>;
  subjectType: string;
  subjectId: string;
  /** The title of every message: the landlord's name (the product's for the superadmin). */
  landlordName: string | null;
};

/** One message claimed from the outbox, with what its channel needs to reach its person. */
export type Outgoing = {
  id: number;
  userId: string;
  kind: string;
  attempts: number;
  createdAt: Date;
  /** The channel's own data (push: the browsers a retry is narrowed to). */
  payload: Record<string, unknown>;
  /** Null for a message that is not an inbox row. */
  source: Source | null;
  recipient: { language: Locales; fullName: string; email: string | null; telegramChatId: number | null };
};

/**
 * What became of one message: sent; failed for now (tried again later with `payload` when given, until
 * the channel's attempts or age run out); or `gone`: it can never reach this person by this channel
 * (the adapter has already recorded why: a refused address, a blocked bot), so it is dropped.
 */
export type Outcome = { status: 'sent' } | { status: 'failed'; payload?: Record<string, unknown> } | { status: 'gone' };

/**
 * A channel of the outbox (push, e-mail, Telegram; WhatsApp or SMS would be one more): declared by its
 * module's manifest and run by the delivery job (./worker.ts) at its own pace.
 */
export type ChannelAdapter = {
  channel: DeliveryChannel;
  /** Messages claimed per run: the channel's pace (Telegram's throttler spreads a batch over its limits). */
  batch: number;
  /** Tries in all before a message is dropped. */
  maxAttempts: number;
  /** A message still queued after this long tells nothing the inbox does not: dropped unsent. */
  maxAgeMs: number;
  /** One outcome per message, in order; throwing fails them all. */
  send(items: Outgoing[]): Promise<Outcome[]>;
};
