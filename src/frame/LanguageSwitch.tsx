import { useI18nContext } from '#/i18n/i18n-react';
import type { Locales } from '#/i18n/i18n-types';
import { useChooseLocale } from '#/i18n/load';
import { LOCALES } from '#/i18n/locale';
import * as s from './LanguageSwitch.css';

/**
 * ru / kk / en; the choice survives reloads under `selectedLanguage` in localStorage. `onChosen` hears
 * the person's own choice (the signed-in frame keeps it on the account), never the language the app
 * starts in, so a reload cannot undo a newer choice made on another device.
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (locale: Locales) => void }) {
  const { LL, locale } = useI18nContext();
  // The dictionary first: switching before it arrives would render the new language's keys empty.
  const choose = useChooseLocale();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not the fields of a form.
    <div role="group" aria-label={LL.shell.language()} className={s.group} data-testid="language-switch">
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          title={LL.languages[l]()}
          aria-pressed={l === locale}
          className={s.option({ active: l === locale })}
          onClick={() => void choose(l).then(() => onChosen?.(l))}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
