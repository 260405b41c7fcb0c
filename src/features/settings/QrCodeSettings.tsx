import { type ReactNode, useState } from 'react';
import { createPortal } from 'react-dom';
import { useObjectOptions } from '#/state/queries/objects';
import { svgDataUrl, useQrCode } from '#/state/queries/request-settings';
import { ApiRequestError } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Locales } from '../../i18n/i18n-types';
import { i18nObject } from '../../i18n/i18n-util';
import { ensureLocales, useLocalesLoaded } from '../../i18n/load';
import { Button, EmptyState, ErrorState, Select, Skeleton } from '../../ui';
import * as rs from './RequestSettings.css';
import * as s from './Settings.css';

/**
 * "QR code for visitors" in Settings (issue 4): one code per object, opening its public request page.
 * The SVG is shown as an image (a data URL), never injected as markup; Print sends only the sheet.
 */
export function QrCodeSettings() {
  const { LL } = useI18nContext();
  const objects = useObjectOptions();
  const [chosen, setChosen] = useState('');
  const objectId = chosen || objects.data?.[0]?.id || '';
  const qr = useQrCode(objectId);

  const errorText = (err: unknown) => (err instanceof ApiRequestError && err.status < 500 ? err.message : LL.list.loadError());
  let body: ReactNode;
  if (objects.isPending) body = <Skeleton lines={3} label={LL.common.loading()} />;
  else if (objects.isError) body = <ErrorState text={errorText(objects.error)} retryLabel={LL.common.retry()} onRetry={() => void objects.refetch()} />;
  else if (objects.data.length === 0) body = <EmptyState title={LL.qr.noObjects()} />;
  else {
    body = (
      <>
        <Select
          label={LL.qr.object()}
          name="qr-object"
          className={rs.objectSelect}
          value={objectId}
          options={objects.data.map((o) => ({ value: o.id, label: o.name }))}
          onChange={(e) => setChosen(e.target.value)}
          data-testid="qr-object"
        />
        {qr.isPending ? (
          <Skeleton lines={4} label={LL.common.loading()} />
        ) : qr.isError ? (
          <ErrorState text={errorText(qr.error)} retryLabel={LL.common.retry()} onRetry={() => void qr.refetch()} />
        ) : (
          <div className={rs.qrRow}>
            <img className={rs.qrImage} src={svgDataUrl(qr.data.svg)} alt={LL.qr.alt({ name: qr.data.object_name })} data-testid="qr-image" />
            <PrintSheet svg={qr.data.svg} name={qr.data.object_name} />
            <div className={rs.qrInfo}>
              <span>{LL.qr.link()}</span>
              <a href={qr.data.url} target="_blank" rel="noreferrer" className={rs.qrLink} data-testid="qr-url">
                {qr.data.url}
              </a>
              <div>
                <Button onClick={() => window.print()} data-testid="qr-print">
                  {LL.qr.print()}
                </Button>
              </div>
            </div>
          </div>
        )}
      </>
    );
  }

  return (
    <section className={rs.section} data-testid="qr-settings">
      <h2>{LL.qr.title()}</h2>
      <p className={s.hint}>{LL.qr.hint()}</p>
      {body}
    </section>
  );
}

const printLocales: Locales[] = ['ru', 'kk', 'en'];
// The sheet prints all three languages: their dictionaries are fetched as soon as Settings opens.
void ensureLocales(printLocales);

/** What Print puts on paper, outside the app's tree (a child of <body>); hidden on screen. */
function PrintSheet({ svg, name }: { svg: string; name: string }) {
  // Without all three dictionaries the sheet would print a language short.
  if (!useLocalesLoaded(printLocales)) return null;
  return createPortal(
    <div className={rs.printSheet} data-testid="qr-print-sheet">
      <p className={rs.printName}>{name}</p>
      <img className={rs.printImage} src={svgDataUrl(svg)} alt="" />
      {/* The code hangs in a centre read in any of the three languages: all three are printed. */}
      {printLocales.map((l) => (
        <p key={l} lang={l} className={rs.printScan}>
          {i18nObject(l).qr.scan()}
        </p>
      ))}
    </div>,
    document.body,
  );
}
