import { useI18nContext } from '../../i18n/i18n-react';
import { TextField } from '../../ui';
import * as s from './tasks.css';

// The contract's rules for a task file (openapi.yaml /tasks/{id}/files); the server repeats them by the bytes.
export const DOC_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.docx,.xlsx';

export type FileError = { name: string; message: string };

export function precheck(files: File[], messages: { type: string; size: string }): FileError[] {
  return files.flatMap((f) =>
    !DOC_TYPES.includes(f.type) ? [{ name: f.name, message: messages.type }] : f.size > MAX_FILE_BYTES ? [{ name: f.name, message: messages.size }] : [],
  );
}

/** A file input for task documents, with one error line per refused file. */
export function FileInput({ onFiles, errors, disabled }: { onFiles: (files: File[]) => void; errors: FileError[]; disabled?: boolean }) {
  const { LL } = useI18nContext();
  return (
    <div>
      <TextField
        label={LL.tasks.fields.files()}
        name="files"
        type="file"
        accept={ACCEPT}
        multiple
        disabled={disabled}
        hint={LL.tasks.fields.filesHint()}
        onChange={(e) => onFiles(Array.from(e.target.files ?? []).slice(0, MAX_FILES))}
        data-testid="task-files-input"
      />
      {errors.length > 0 && (
        <ul className={s.fileErrors} role="alert" data-testid="file-errors">
          {errors.map((e) => (
            <li key={e.name}>{LL.tasks.toasts.fileFailed(e)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
