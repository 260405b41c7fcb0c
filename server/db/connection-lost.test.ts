import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './connection-lost';

const serverError = (code: string) => Object.assign(new pg.DatabaseError('terminating connection', 0, 'error'), { code });

describe('a lost database connection', () => {
  it('is told by its SQLSTATE, socket code or driver message, also wrapped by drizzle', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006']) expect(isConnectionLost(serverError(code))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isConnectionLost(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionLost(new DrizzleQueryError('insert into tasks ...', [], serverError('57P01')))).toBe(true);
  });

  it('is not a query the database refused', () => {
    for (const code of ['23505', '22P02', '40001', '42P01']) expect(isConnectionLost(serverError(code))).toBe(false);
    expect(isConnectionLost(new DrizzleQueryError('select ...', [], serverError('23505')))).toBe(false);
    expect(isConnectionLost(new Error('something else'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });
});
