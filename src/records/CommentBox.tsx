import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { messageOf } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import { Button, Row, Stack, TextArea } from '../ui';

type Props = { label: string; button: string; sent: string; send: (comment: string) => Promise<unknown> };

/** A comment under a record's history: sent trimmed, cleared on success, the server's message on failure. */
export function CommentBox({ label, button, sent, send }: Props) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await send(text.trim());
      setText('');
      alerts.add({ message: sent, type: 'success' });
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <TextArea label={label} name="comment" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      <Row>
        <Button variant="secondary" loading={busy} disabled={!text.trim()} onClick={() => void submit()} data-testid="comment-send">
          {button}
        </Button>
      </Row>
    </Stack>
  );
}
