import type { LL } from './i18n';

export type ErrorCode = keyof LL['errors'];

/** The error a handler throws; the central handler turns it into the one JSON error shape. */
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

/** 400 for one field the contract could not judge (blank after trimming, unknown id, ...), in the one error shape. */
export const invalidField = (name: string, message: (ll: LL) => string) => new AppError(400, 'validation_failed', { [name]: message });

/** 400 for every field at once, when a form's rules are checked together. */
export const invalidFields = (fields: Record<string, (ll: LL) => string>) => new AppError(400, 'validation_failed', fields);
