import type { TranslationFunctions } from '#/i18n/i18n-types';
import type { NotificationKind } from './notification-sentence';

/**
 * A kind's short name (the profile's switches, the unsubscribe page, a mail's footer). Apart from the
 * sentences, which the frame shows: these are the push namespace's, loaded by the screens that name kinds.
 */
export function kindLabel(LL: TranslationFunctions, kind: NotificationKind): string {
  const [group = '', name = ''] = kind.split('.');
  const labels = LL.push.kinds as unknown as Record<string, Record<string, (() => string) | undefined> | undefined>;
  return labels[group]?.[name]?.() ?? kind;
}
