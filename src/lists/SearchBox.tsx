import { useEffect, useState } from 'react';
import { useI18nContext } from '../i18n/i18n-react';
import { TextField } from '../ui';

type Props = { value: string; onSearch: (v: string) => void; label?: string; name?: string };

/** Searches as the user types, after a short pause rather than on every key. */
export function SearchBox({ value, onSearch, label, name = 'search' }: Props) {
  const { LL } = useI18nContext();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, value, onSearch]);
  return <TextField label={label ?? LL.list.search()} name={name} type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />;
}
