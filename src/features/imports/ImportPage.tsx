import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { entityOf, type ImportEntity, importableBy, ownFormatEntities } from '#/shared/imports';
import { importApi, useImport, useUploadImport } from '#/state/queries/imports';
import { useViewer } from '#/state/session';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { useAddressState } from '../../lists/useListParams';
import { FileField } from '../../records/FileField';
import { type FileRule, MB } from '../../records/files';
import { Button, Card, Page, Row, Select, Skeleton, Stack } from '../../ui';
import { ImportResult } from './ImportResult';
import * as s from './imports.css';

/** One spreadsheet of at most 20 MiB; only the server can tell .xlsx or .csv by the bytes. */
const importRule: FileRule = {
  accept: '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv',
  maxFiles: 1,
  maxBytes: 20 * MB,
};
/** A bank statement in 1C's format: a text file, told by its bytes on the server. */
const statementRule: FileRule = { accept: '.txt,text/plain', maxFiles: 1, maxBytes: 20 * MB };

/**
 * `/imports`: choose what to import, download its template, upload a file and read the check; then commit
 * or discard it, or fix the file and upload it again. The checked import stays in the address (`?id=`),
 * so a reload shows it again.
 */
export function ImportPage() {
  const { LL } = useI18nContext();
  const t = LL.importPage;
  const allowed = importableBy(useViewer());
  const address = useAddressState();
  const entity = entityOf(address.params.get('entity'), allowed);
  const id = address.params.get('id');
  const current = useImport(id);
  const upload = useUploadImport();
  const template = useExport();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [picker, setPicker] = useState(0);
  const ownFormat = entity !== undefined && ownFormatEntities.includes(entity);
  const bank = t.bank;

  const send = async () => {
    if (!entity) return;
    if (!file) {
      setError(t.fileRequired());
      return;
    }
    setError(undefined);
    try {
      const checked = await upload.mutateAsync({ entity, file });
      // A fresh picker: the next file (the fixed one) is chosen anew.
      setFile(null);
      setPicker((n) => n + 1);
      address.set({ id: checked.id });
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    }
  };
  const choose = (next: ImportEntity) => {
    setError(undefined);
    address.set({ entity: next, id: null });
  };

  return (
    <Page
      title={t.title()}
      data-testid="import-page"
      actions={
        <Link href={paths.imports.history} data-testid="import-history-link">
          {t.toHistory()}
        </Link>
      }
    >
      <Stack gap="lg">
        <Card>
          <Stack gap="md">
            <p className={s.muted}>{ownFormat ? bank.intro() : t.intro()}</p>
            <Row gap="sm" wrap align="flex-end">
              <SelectEntity value={entity} allowed={allowed} onChange={choose} />
              {!ownFormat && (
                <Button
                  variant="secondary"
                  loading={template.exporting}
                  disabled={!entity}
                  onClick={() => entity && template.run(() => importApi.template(entity), `${LL.imports.entities[entity]()}.xlsx`)}
                  data-testid="import-template"
                >
                  {t.template()}
                </Button>
              )}
            </Row>
            <FileField
              key={`${picker}-${ownFormat}`}
              label={ownFormat ? bank.file() : t.file()}
              name="file"
              rule={ownFormat ? statementRule : importRule}
              hint={ownFormat ? bank.fileHint() : t.fileHint()}
              error={error}
              disabled={upload.isPending}
              onFiles={(accepted, refused) => {
                setFile(accepted[0] ?? null);
                setError(refused[0]?.message);
              }}
              testId="import-file"
            />
            <Row gap="sm" wrap>
              <Button loading={upload.isPending} onClick={() => void send()} data-testid="import-check">
                {t.check()}
              </Button>
            </Row>
          </Stack>
        </Card>
        {id && current.isPending && <Skeleton lines={4} label={LL.common.loading()} />}
        {current.data && (
          <>
            <ImportResult imp={current.data} />
            <Link href={paths.imports.view(current.data.id)} data-testid="import-card-link">
              {t.openCard()}
            </Link>
          </>
        )}
      </Stack>
    </Page>
  );
}

function SelectEntity({ value, allowed, onChange }: { value: ImportEntity | undefined; allowed: ImportEntity[]; onChange: (e: ImportEntity) => void }) {
  const { LL } = useI18nContext();
  return (
    <Select
      label={LL.importPage.entity()}
      name="entity"
      value={value ?? ''}
      options={allowed.map((e) => ({ value: e, label: LL.imports.entities[e]() }))}
      onChange={(e) => onChange(e.target.value as ImportEntity)}
      data-testid="import-entity"
    />
  );
}
