import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { recordStatusEnum, socialNetworkEnum } from './enums';
import { landlords } from './landlords';

/** A landlord's public link (Instagram, Telegram, ...), shown to its renters. */
export const socialLinks = pgTable(
  'social_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    network: socialNetworkEnum().notNull(),
    url: text().notNull(),
    title: text(),
    status: recordStatusEnum().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_links_list_idx').on(t.landlordId, t.status, t.createdAt)],
);
