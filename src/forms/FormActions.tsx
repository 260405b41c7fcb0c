import { useI18nContext } from '../i18n/i18n-react';
import { Button, Row } from '../ui';
import * as s from './FormActions.css';

type Props = { submitLabel: string; busy: boolean; disabled?: boolean; onCancel: () => void };

/** A form's last row: submit (spinning while it is sent), then cancel. */
export function FormActions({ submitLabel, busy, disabled, onCancel }: Props) {
  const { LL } = useI18nContext();
  return (
    <Row gap="md" className={s.actions}>
      <Button type="submit" loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {LL.list.cancel()}
      </Button>
    </Row>
  );
}
