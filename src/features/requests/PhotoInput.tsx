import { useI18nContext } from '../../i18n/i18n-react';
import { TextField } from '../../ui';
import * as s from './requests.css';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The contract's limit per request file (openapi.yaml /requests/{id}/files). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;

export type FileError = { name: string; message: string };

/** Checks what the server would refuse anyway, so the user learns it before sending. */
export function precheck(files: File[], messages: { type: string; size: string }): FileError[] {
  return files.flatMap((f) =>
    !IMAGE_TYPES.includes(f.type) ? [{ name: f.name, message: messages.type }] : f.size > MAX_FILE_BYTES ? [{ name: f.name, message: messages.size }] : [],
  );
}

/** A file input for photos (image/*), with one error line per refused file. */
export function PhotoInput({ label, name, multiple, onFiles, errors, disabled, testId }: {
  label: string;
  name: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  errors: FileError[];
  disabled?: boolean;
  testId?: string;
}) {
  const { LL } = useI18nContext();
  return (
    <div>
      <TextField
        label={label}
        name={name}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        hint={LL.requests.fields.photosHint()}
        onChange={(e) => onFiles(Array.from(e.target.files ?? []))}
        data-testid={testId}
      />
      {errors.length > 0 && (
        <ul className={s.fileErrors} role="alert" data-testid="file-errors">
          {errors.map((e) => (
            <li key={e.name}>{LL.requests.toasts.fileFailed(e)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
