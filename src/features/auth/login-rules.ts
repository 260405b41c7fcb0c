import { type } from 'arktype';
import { rules } from '../../forms/rules';
import type { TranslationFunctions } from '../../i18n/i18n-types';

export type LoginValues = { username: string; password: string; remember: boolean };

/** Both fields required. */
export function loginRules(LL: TranslationFunctions) {
  const r = rules(LL);
  return type({ username: r.required(LL.auth.enterUsername()), password: r.required(LL.auth.enterPassword()), remember: 'boolean' });
}
