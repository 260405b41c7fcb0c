import { type } from 'arktype';
import { forwardRef } from 'react';
import { useI18nContext } from '#/i18n/i18n-react';
import { LOCALES } from '#/i18n/locale';
import { Select, type SelectProps } from '../ui/Select/Select';

/** A login's language: its mails and pushes are written in it, and its app opens in it. */
export const languageRule = type.enumerated(...LOCALES);

/** Русский / Қазақша / English, each in its own words, for the forms that create or edit a login. */
export const LanguageSelect = forwardRef<HTMLSelectElement, Omit<SelectProps, 'label' | 'options' | 'hint'>>(function LanguageSelect(props, ref) {
  const { LL } = useI18nContext();
  return (
    <Select
      ref={ref}
      label={LL.userLanguage.label()}
      hint={LL.userLanguage.hint()}
      options={LOCALES.map((l) => ({ value: l, label: LL.languages[l]() }))}
      {...props}
    />
  );
});
