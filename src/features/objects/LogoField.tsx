import { useEffect, useId, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { Avatar, Button, Row, Stack } from '../../ui';

const MAX_BYTES = 2 * 1024 * 1024;

type Props = {
  name: string;
  /** The stored logo, if any. */
  url: string | null;
  /** A chosen file: shown at once, before (or while) the server takes it. */
  onFile: (file: File) => void;
  onRemove?: () => void;
  /** The server's refusal, in the user's language. */
  error?: string;
  busy?: boolean;
};

/**
 * The logo picker: a preview of the chosen or stored image and the refusal text under it. The size
 * is checked here to spare an upload; the type only the server can judge (by the file's bytes).
 */
export function LogoField({ name, url, onFile, onRemove, error, busy }: Props) {
  const { LL } = useI18nContext();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | undefined>();
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = error ?? localError;

  return (
    <Stack gap="sm" data-testid="logo-field">
      <label htmlFor={id}>{LL.objects.fields.logo()}</label>
      <Row gap="md" align="center" wrap>
        <Avatar name={name || '?'} src={preview ?? url} size="lg" data-testid="logo-preview" />
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          aria-describedby={`${id}-hint`}
          aria-invalid={shown ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            if (file.size > MAX_BYTES) return setLocalError(LL.errors.file_too_large({ max: 2 }));
            setLocalError(undefined);
            setPreview(URL.createObjectURL(file));
            onFile(file);
          }}
        />
        {onRemove && url && !preview && (
          <Button size="sm" variant="ghost" onClick={onRemove} loading={busy}>
            {LL.objects.logoRemove()}
          </Button>
        )}
      </Row>
      <small id={`${id}-hint`}>{LL.objects.logoHint()}</small>
      {shown && (
        <span role="alert" data-testid="logo-error">
          {shown}
        </span>
      )}
    </Stack>
  );
}

/** Drops the preview when the server refused the file, so the stored logo shows again. */
export function useLogoPreviewReset() {
  const [key, setKey] = useState(0);
  return { key, reset: () => setKey((k) => k + 1) };
}
