import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

export type LoadVolume = { objects: number; rooms: number; renters: number; requests: number };

/**
 * The data set of a large operator for one landlord, written by set-based SQL (generate_series), so
 * that a million requests take seconds, not minutes: objects, rooms, renters with logins, requests
 * spread over two years with every status, and a photo report for the done ones.
 */
export async function seedOperator(db: Db, landlordId: string, v: LoadVolume): Promise<void> {
  // A bulk load, not an operator's day: the trigram indexes gather the new rows in their pending list
  // and take them in at the vacuum at the end, as they would be built in one go.
  await pendingLists(db, true);
  await db.execute(sql`
    insert into objects (landlord_id, name, city, address)
    select ${landlordId}, 'ТРЦ Нагрузка ' || g, 'Алматы', 'пр. Абая, ' || g from generate_series(1, ${v.objects}) g`);
  await db.execute(sql`
    insert into rooms (landlord_id, object_id, number, floor, area)
    select ${landlordId}, o.id, 'L' || g, 1 + g % 4, 20 + g % 300
    from generate_series(1, ${v.rooms}) g
    join lateral (select id from objects where landlord_id = ${landlordId} and name like 'ТРЦ Нагрузка %'
                  order by name offset (g % ${v.objects}) limit 1) o on true`);
  await db.execute(sql`
    insert into users (landlord_id, username, full_name, role)
    select ${landlordId}, 'load_renter' || g, 'Арендатор ' || g, 'renter' from generate_series(1, ${v.renters}) g`);
  // Statistics of the rows just written, so that the joins below are planned for their size (without
  // them pairing renters with rooms was a nested loop of minutes).
  await db.execute(sql`analyze rooms, users`);
  await db.execute(sql`
    with r as (select id, row_number() over () as n from rooms where landlord_id = ${landlordId} and number like 'L%'),
         u as (select id, row_number() over () as n from users where username like 'load_renter%')
    insert into renters (landlord_id, user_id, room_id, legal_name, bin_iin, trade_point_name, trade_category,
                         lease_contract_date, trade_area, contact_full_name, contact_position, phone, email, legal_address)
    select ${landlordId}, u.id, r.id, 'ТОО «Компания ' || u.n || '»', lpad(u.n::text, 12, '0'), 'Магазин ' || u.n,
           'Одежда', date '2024-01-01', 50, 'Контакт ' || u.n, 'Директор', '+77010000000', 'r' || u.n || '@example.kz', 'Алматы'
    from u join r on r.n = 1 + (u.n % ${v.rooms})`);
  await db.execute(sql`analyze renters`);
  // Requests: every status, two years of dates, types of the renters' catalogue, numbers after the demo's.
  await db.execute(sql`
    with t as (select array_agg(id) ids from request_types where kind = 12),
         ren as (select re.id, re.room_id, ro.object_id, row_number() over () as n
                 from renters re join rooms ro on ro.id = re.room_id where re.landlord_id = ${landlordId}),
         base as (select coalesce(max(number), 0) as n0 from requests where landlord_id = ${landlordId}),
         st as (select array['new','in_progress','paused','done','closed','rejected','returned']::request_status[] s)
    insert into requests (landlord_id, number, type_id, object_id, room_id, renter_id, applicant_name, description,
                          status, deadline_at, created_at, updated_at)
    select ${landlordId}, base.n0 + g, t.ids[1 + g % array_length(t.ids, 1)], ren.object_id, ren.room_id, ren.id,
           'Заявитель ' || g, 'Описание заявки ' || md5(g::text), st.s[1 + (g::bigint * 7919) % 7],
           now() - (g % 730) * interval '1 day' + interval '3 days', now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second',
           now() - (g % 730) * interval '1 day'
    from generate_series(1, ${v.requests}) g, t, base, st, ren
    where ren.n = 1 + (g % ${v.renters})`);
  await db.execute(sql`
    insert into request_files (request_id, kind, key, content_type, size)
    select id, 'report', 'requests/' || id || '/load.jpg', 'image/jpeg', 1000
    from requests where landlord_id = ${landlordId} and status in ('done', 'closed')`);
  // As autovacuum leaves a table that grew over years: statistics, and a visibility map that lets the
  // journal's index-only scans skip the heap.
  await pendingLists(db, false);
  await db.execute(sql`vacuum analyze`);
}

const trigramIndexes = [
  'renters_legal_name_trgm_idx',
  'renters_trade_point_trgm_idx',
  'requests_applicant_trgm_idx',
  'requests_description_trgm_idx',
  'users_username_trgm_idx',
];

async function pendingLists(db: Db, on: boolean) {
  for (const index of trigramIndexes) await db.execute(sql.raw(`alter index ${index} set (fastupdate = ${on})`));
}
