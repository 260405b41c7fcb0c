import { useState } from 'react';
import { type Notice, type UserPick, usePickable } from '#/state/queries/notices';
import { Combobox } from '../../forms/Combobox';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileLinks } from '../../records/FileLinks';
import { Button, Card } from '../../ui';
import * as s from './notices.css';

/**
 * Several people chosen from GET /user/all: the one Combobox finds and adds them, each chosen one
 * is listed under it with a button to take it out again.
 */
export function RecipientsPicker({
  people,
  label,
  chosen,
  onChange,
  error,
  testId,
}: {
  people: 'employee' | 'renter';
  label: string;
  chosen: UserPick[];
  onChange: (next: UserPick[]) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { LL } = useI18nContext();
  const [search, setSearch] = useState('');
  const found = usePickable(people, search).data ?? [];
  const options = found.filter((u) => !chosen.some((c) => c.id === u.id)).map((u) => ({ value: u.id, label: u.full_name, detail: u.detail ?? undefined }));
  return (
    <div>
      <Combobox
        label={label}
        name={testId}
        value=""
        onChange={(id) => {
          const user = found.find((u) => u.id === id);
          if (user) onChange([...chosen, user]);
        }}
        onSearch={setSearch}
        placeholder={LL.list.search()}
        emptyText={LL.list.empty()}
        groups={[{ label, options }]}
        error={error}
        required
        data-testid={testId}
      />
      {chosen.length > 0 && (
        <ul className={s.chips} data-testid={`${testId}-chosen`}>
          {chosen.map((u) => (
            <li key={u.id} className={s.chip}>
              <span>{u.full_name}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${LL.list.delete()}: ${u.full_name}`}
                onClick={() => onChange(chosen.filter((c) => c.id !== u.id))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A notice's files, each a signed link the server just gave, saved at once when clicked; nothing when it has none. */
export function NoticeFiles({ files }: { files: Notice['files'] }) {
  const { LL } = useI18nContext();
  if (files.length === 0) return null;
  return (
    <Card title={LL.notices.fields.files()}>
      <FileLinks files={files} testId="notice-files" download />
    </Card>
  );
}

/** Sent, scheduled (with its time) or cancelled. */
export function noticeState(n: Pick<Notice, 'sent_at' | 'cancelled_at'>): 'sent' | 'scheduled' | 'cancelled' {
  return n.cancelled_at ? 'cancelled' : n.sent_at ? 'sent' : 'scheduled';
}
