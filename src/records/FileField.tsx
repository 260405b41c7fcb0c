import { useEffect, useState } from 'react';
import { useI18nContext } from '../i18n/i18n-react';
import { TextField } from '../ui';
import * as s from './FileField.css';
import { type FileError, type FileRule, MB, precheck } from './files';
import { thumb } from './records.css';

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
  /**
   * Photos: on a phone a second button opens the camera (`capture`); each shot is added to what was
   * picked from the gallery, so one can take several. The plain picker still offers both on a phone.
   */
  camera?: boolean;
  testId?: string;
};

/** The one file input of records and public forms: label, hint, the rule's precheck and its errors. */
export function FileField({ label, name, rule, hint, onFiles, errors = [], error, typeError, disabled, camera = false, testId }: Props) {
  const { LL } = useI18nContext();
  const [picked, setPicked] = useState<File[]>([]);
  const [shots, setShots] = useState<File[]>([]);
  const messages = {
    type: typeError ?? LL.errors.file_type(),
    size: LL.errors.file_too_large({ max: Math.round((rule.maxBytes ?? 0) / MB) }),
  };
  const choose = (files: File[]) => {
    const chosen = files.slice(0, rule.maxFiles);
    const refused = precheck(chosen, rule, messages);
    onFiles(
      chosen.filter((f) => !refused.some((r) => r.name === f.name)),
      refused,
    );
  };
  const shown = [...picked, ...shots].slice(0, rule.maxFiles);
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
          const files = Array.from(e.target.files ?? []);
          setPicked(files);
          choose([...files, ...shots]);
        }}
        data-testid={testId}
      />
      {camera && (
        <label className={s.camera}>
          <input
            type="file"
            accept={rule.accept}
            capture="environment"
            disabled={disabled}
            className={s.hiddenInput}
            onChange={(e) => {
              const next = [...shots, ...Array.from(e.target.files ?? [])];
              // The same input takes the next shot.
              e.target.value = '';
              setShots(next);
              choose([...picked, ...next]);
            }}
            data-testid={testId && `${testId}-camera`}
          />
          {LL.records.openCamera()}
        </label>
      )}
      {camera && shown.length > 0 && (
        <ul className={s.chosen} data-testid={testId && `${testId}-chosen`}>
          {shown.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two shots may carry the same name.
            <Chosen key={`${f.name}-${i}`} file={f} />
          ))}
        </ul>
      )}
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

/** A chosen file before it is sent: a picture shows itself (the phone's shot is checked before sending), any file its name. */
function Chosen({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return (
    <li className={s.chosenItem}>
      {url && <img src={url} alt="" className={thumb} data-testid="file-preview" />}
      {file.name}
    </li>
  );
}
