import { Card, Stack } from '../ui';
import { CommentBox } from './CommentBox';
import { History, type HistoryEntry } from './History';

type Props<E extends HistoryEntry> = Parameters<typeof History<E>>[0] & {
  title: string;
  /** The comment box under the history: its label, button, success toast and call. */
  comment: Parameters<typeof CommentBox>[0];
};

/** A record's history card: every transition, then a box to add a comment to it. */
export function HistoryCard<E extends HistoryEntry>({ title, comment, ...history }: Props<E>) {
  return (
    <Card title={title}>
      <Stack gap="lg">
        <History {...history} />
        <CommentBox {...comment} />
      </Stack>
    </Card>
  );
}
