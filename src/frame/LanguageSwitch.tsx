import { useI18nContext } from '#/i18n/i18n-react';
import type { Locales } from '#/i18n/i18n-types';
import { ensureLocale } from '#/i18n/load';
import { LOCALES, storeLocale } from '#/i18n/locale';
import * as s from './LanguageSwitch.css';

/** ru / kk / en; the choice survives reloads under `selectedLanguage` in localStorage. */
export function LanguageSwitch() {
  const { LL, locale, setLocale } = useI18nContext();
  // The dictionary first: switching before it arrives would render the new language's keys empty.
  const choose = async (next: Locales) => {
    await ensureLocale(next);
    storeLocale(next);
    setLocale(next);
  };
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
          onClick={() => void choose(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
