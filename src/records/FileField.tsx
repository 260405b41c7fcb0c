import { useI18nContext } from '../i18n/i18n-react';
import { TextField } from '../ui';
import * as s from './FileField.css';
import { type FileError, type FileRule, MB, precheck } from './files';

type Props = {
  label: string;
  name: string;
  rule: FileRule;
  hint?: string;
  /** Called with what passed the rule's check and what did not (at most `rule.maxFiles` in all). */
  onFiles: (accepted: File[], refused: FileError[]) => void;
  /** One line per refused or failed file. */
  errors?: FileError[];
  /** One message for the whole field (the server's refusal of a multipart form). */
  error?: string;
  /** Said for a type outside `rule.types`; the size message comes from `rule.maxBytes`. */
  typeError?: string;
  disabled?: boolean;
  testId?: string;
};

/** The one file input of records and public forms: label, hint, the rule's precheck and its errors. */
export function FileField({ label, name, rule, hint, onFiles, errors = [], error, typeError, disabled, testId }: Props) {
  const { LL } = useI18nContext();
  const messages = {
    type: typeError ?? LL.errors.file_type(),
    size: LL.errors.file_too_large({ max: Math.round((rule.maxBytes ?? 0) / MB) }),
  };
  return (
    <div className={s.field}>
      <TextField
        label={label}
        name={name}
        type="file"
        accept={rule.accept}
        multiple={rule.maxFiles > 1}
        disabled={disabled}
        hint={hint}
        error={error}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []).slice(0, rule.maxFiles);
          const refused = precheck(picked, rule, messages);
          onFiles(
            picked.filter((f) => !refused.some((r) => r.name === f.name)),
            refused,
          );
        }}
        data-testid={testId}
      />
      {errors.length > 0 && (
        <ul className={s.errors} role="alert" data-testid="file-errors">
          {errors.map((e) => (
            <li key={e.name}>{LL.records.fileFailed(e)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
