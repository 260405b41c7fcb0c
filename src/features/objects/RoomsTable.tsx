import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type Room, type RoomInput, useRemoveRoom, useRooms, useSaveRoom } from '#/state/queries/objects';
import { ApiRequestError } from '../../api/client';
import { formatArea, formatDay, formatInput } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { EraseButton } from '../../lists/EraseButton';
import { NoLeaseMark } from '../../shared-ui/NoLeaseMark';
import { Button, Card, EmptyState, FormError, Row, Skeleton, Stack, TextField } from '../../ui';

type Draft = { number: string; floor: string; area: string };
type Errors = Partial<Record<keyof Draft, string>>;
const blank: Draft = { number: '', floor: '', area: '' };

/** The contract's room rules with messages in the user's language; the server repeats them. */
function check(d: Draft, LL: ReturnType<typeof useI18nContext>['LL']): { input?: RoomInput; errors: Errors } {
  const errors: Errors = {};
  const number = d.number.trim();
  const floor = Number(d.floor);
  const area = Number(d.area.replace(',', '.'));
  if (!number) errors.number = LL.validation.required();
  else if (number.length > 20) errors.number = LL.validation.maxLength({ max: 20 });
  if (d.floor.trim() === '' || !Number.isInteger(floor) || floor < -5 || floor > 200) errors.floor = LL.validation.floor();
  if (d.area.trim() === '' || !Number.isFinite(area) || area < 0.01 || area > 1_000_000) errors.area = LL.validation.area();
  return Object.keys(errors).length ? { errors } : { input: { number, floor, area }, errors };
}

/**
 * The rooms of an object: inline add, edit and delete (an occupied room cannot be deleted; the server also
 * refuses one a former renter or a lease names), with each room's lease today or its renter with no lease on file.
 */
export function RoomsTable({ objectId, readOnly }: { objectId: string; readOnly: boolean }) {
  const { LL, locale } = useI18nContext();
  const query = useRooms(objectId);
  const [editing, setEditing] = useState<string | null>(null);
  const t = LL.objects.rooms;
  return (
    <Card>
      <Stack gap="md" data-testid="rooms">
        <h2>{t.title()}</h2>
        {query.isPending ? (
          <Skeleton lines={3} />
        ) : query.isError ? (
          <FormError message={LL.list.loadError()} />
        ) : query.data.length === 0 ? (
          <EmptyState title={t.empty()} />
        ) : (
          <DataTable
            rows={query.data}
            columns={[
              {
                key: 'number',
                header: t.number(),
                cell: (r) => (editing === r.id ? <RoomEditor objectId={objectId} room={r} onDone={() => setEditing(null)} /> : r.number),
              },
              { key: 'floor', header: t.floor(), cell: (r) => (editing === r.id ? null : r.floor) },
              { key: 'area', header: t.area(), cell: (r) => (editing === r.id ? null : formatArea(r.area, locale)) },
              { key: 'state', header: t.state(), cell: (r) => (r.occupied ? t.occupied() : t.free()) },
              {
                key: 'lease',
                priority: 2,
                header: LL.contracts.rentRoll.contract(),
                cell: (r) =>
                  r.occupant ? (
                    <Stack gap="xs" data-testid="room-lease">
                      <span>{r.occupant.renter_name}</span>
                      <NoLeaseMark occupant={r.occupant} objectId={objectId} roomId={r.id} />
                    </Stack>
                  ) : (
                    <span data-testid="room-lease">
                      {r.lease ? LL.contracts.occupied({ renter: r.lease.renter_name, until: formatDay(r.lease.ends_on, locale) }) : LL.contracts.vacant()}
                    </span>
                  ),
              },
            ]}
            actionsHeader={LL.list.actions()}
            actions={readOnly ? undefined : (r) => editing !== r.id && <RoomActions room={r} onEdit={() => setEditing(r.id)} />}
          />
        )}
        {!readOnly && <RoomEditor objectId={objectId} />}
      </Stack>
    </Card>
  );
}

/** A row of three fields: adds a room, or edits `room` in place. */
function RoomEditor({ objectId, room, onDone }: { objectId: string; room?: Room; onDone?: () => void }) {
  const { LL, locale } = useI18nContext();
  const alerts = useAlerts();
  const initial = room ? { number: room.number, floor: String(room.floor), area: formatInput(room.area, locale) } : blank;
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const mutation = useSaveRoom(objectId, room?.id, {
    onSuccess: () => {
      alerts.add({ message: room ? LL.list.saved() : LL.list.created(), type: 'success' });
      setDraft(blank);
      onDone?.();
    },
    onError: (err) => {
      if (!(err instanceof ApiRequestError)) return setMessage(LL.errors.internal());
      setErrors(err.body.fields ?? {});
      setMessage(err.body.message);
    },
  });
  const t = LL.objects.rooms;
  const field = (name: keyof Draft, label: string, inputMode: 'text' | 'numeric' | 'decimal') => (
    <TextField
      label={label}
      name={`room-${name}`}
      inputMode={inputMode}
      maxLength={name === 'number' ? 20 : 12}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      error={errors[name]}
    />
  );
  const save = () => {
    setMessage(undefined);
    const { input, errors: found } = check(draft, LL);
    setErrors(found);
    if (input) mutation.mutate(input);
  };
  return (
    <Stack gap="sm" data-testid={room ? 'room-editor' : 'room-add'}>
      <Row gap="md" align="flex-end" wrap>
        {field('number', t.number(), 'text')}
        {field('floor', t.floor(), 'numeric')}
        {field('area', t.area(), 'decimal')}
        <Button onClick={save} loading={mutation.isPending}>
          {room ? LL.list.save() : t.add()}
        </Button>
        {room && (
          <Button variant="secondary" onClick={onDone}>
            {LL.list.cancel()}
          </Button>
        )}
      </Row>
      <FormError message={message} />
    </Stack>
  );
}

function RoomActions({ room, onEdit }: { room: Room; onEdit: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Row gap="sm" justify="flex-end">
      <Button size="sm" variant="ghost" onClick={onEdit}>
        {LL.list.edit()}
      </Button>
      {!room.occupied && <EraseButton id={room.id} confirmMessage={LL.objects.rooms.deleteConfirm({ number: room.number })} useErase={useRemoveRoom} />}
    </Row>
  );
}
