import type { LL } from './i18n';

export type ErrorCode = keyof LL['errors'];

/** The error a handler throws; the central handler turns it into DESIGN §5's JSON shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, (ll: LL) => string>,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}

export const notFound = () => new AppError(404, 'not_found');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = () => new AppError(401, 'unauthorized');
