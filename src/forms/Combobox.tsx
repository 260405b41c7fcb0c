import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldShell, useFieldIds } from '../ui/Field/Field';
import { control } from '../ui/Field/Field.css';
import * as s from './Combobox.css';

export type ComboOption = { value: string; label: string; detail?: string | undefined };
export type ComboGroup = { label: string; options: ComboOption[] };

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Asked (after a short pause) with what the user typed; the groups then hold the matches. */
  onSearch: (text: string) => void;
  groups: ComboGroup[];
  /** Shown in the field while nothing is chosen. */
  placeholder?: string;
  /** Said in the list when nothing matches. */
  emptyText: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  'data-testid'?: string;
};

/**
 * One field to find and choose from grouped options (the WAI-ARIA combobox with a listbox popup): type
 * to narrow, arrows to move, Enter to choose, Escape to close. Each option says who it is under its name.
 */
export function Combobox({ label, name, value, onChange, onBlur, onSearch, groups, placeholder, emptyText, error, hint, required, ...rest }: Props) {
  const ids = useFieldIds(undefined, name, hint, error);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  // The chosen option's words, kept when a later search no longer lists it.
  const [chosen, setChosen] = useState<ComboOption | null>(null);
  const flat = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const current = chosen?.value === value ? chosen : (flat.find((o) => o.value === value) ?? null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (text === null) return;
    const t = setTimeout(() => onSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text, onSearch]);
  useEffect(() => setActive((i) => Math.min(i, Math.max(flat.length - 1, 0))), [flat.length]);

  const pick = (o: ComboOption) => {
    setChosen(o);
    onChange(o.value);
    setText(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (flat.length ? (i + step + flat.length) % flat.length : 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const o = flat[active];
      if (o) pick(o);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setText(null);
    }
  };
  const optionId = (i: number) => `${listId}-o${i}`;
  let index = -1;
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} testId={rest['data-testid']} required={required}>
      <div className={s.wrap}>
        <input
          ref={input}
          id={ids.inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && flat[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          required={required}
          placeholder={placeholder}
          data-testid={rest['data-testid']}
          className={control({ invalid: Boolean(error) })}
          value={text ?? (current ? current.label : '')}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setText(null);
            onBlur?.();
          }}
        />
        {open && (
          <div id={listId} role="listbox" aria-label={label} className={s.listbox}>
            {flat.length === 0 && <div className={s.empty}>{emptyText}</div>}
            {groups
              .filter((g) => g.options.length > 0)
              .map((g, gi) => (
                // biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox.
                <div key={g.label} role="group" aria-labelledby={`${listId}-g${gi}`}>
                  <div id={`${listId}-g${gi}`} className={s.groupLabel}>
                    {g.label}
                  </div>
                  {g.options.map((o) => {
                    index += 1;
                    const i = index;
                    return (
                      // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant).
                      <div
                        key={o.value}
                        id={optionId(i)}
                        role="option"
                        aria-selected={o.value === value}
                        data-active={i === active}
                        className={s.option}
                        // Chosen before the input's blur closes the list.
                        onMouseDown={(e) => {
                          e.preventDefault();
                          pick(o);
                        }}
                        onMouseEnter={() => setActive(i)}
                      >
                        <span>{o.label}</span>
                        {o.detail && <span className={s.detail}>{o.detail}</span>}
                      </div>
                    );
                  })}
                </div>
              ))}
          </div>
        )}
      </div>
    </FieldShell>
  );
}
