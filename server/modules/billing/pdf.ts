/**
 * Billing's PDF documents (the invoice, the statement of account) drawn by pdfmake in DejaVu Sans, which
 * has every Kazakh letter. A document is plain data (PdfDoc) made on the event loop and drawn on a worker
 * thread (server/workers), the way templates are filled. pdfmake may read no URL and no file but the fonts.
 */
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { AppError } from '../../http/errors';
import { runTask, TaskTimeout } from '../../workers/pool';

const require = createRequire(import.meta.url);
const regular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const bold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
let ready = false;

function configured() {
  if (ready) return pdfmake;
  pdfmake.setFonts({ DejaVu: { normal: regular, bold, italics: regular, bolditalics: bold } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => file === regular || file === bold);
  ready = true;
  return pdfmake;
}

/** A cell or a paragraph: text, or text with its style (pdfmake's own shape, kept to what billing prints). */
export type PdfText =
  | string
  | { text: string; bold?: boolean; alignment?: 'left' | 'right' | 'center'; fontSize?: number; color?: string; margin?: number[]; colSpan?: number };
export type PdfBlock = PdfText | { table: { headerRows?: number; widths: Array<number | string>; body: PdfText[][] }; layout?: string; margin?: number[] };
export type PdfDoc = { title: string; content: PdfBlock[]; landscape?: boolean };

/** The document drawn (on a worker thread, pdf.ts's renderPdf): A4, DejaVu Sans 9 pt. */
export function renderPdf(doc: PdfDoc): Promise<Uint8Array> {
  return configured()
    .createPdf({
      info: { title: doc.title },
      pageSize: 'A4',
      pageOrientation: doc.landscape ? 'landscape' : 'portrait',
      pageMargins: [36, 36, 36, 36],
      defaultStyle: { font: 'DejaVu', fontSize: 9 },
      content: doc.content,
    })
    .getBuffer()
    .then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
}

/** The document as bytes, drawn off the event loop; past the worker's time limit, 503 as a busy server says. */
export async function pdfOf(doc: PdfDoc): Promise<Buffer> {
  const bytes = await runTask('renderPdf', doc).catch((err: unknown) => {
    throw err instanceof TaskTimeout ? new AppError(503, 'service_busy', undefined, { seconds: 5 }) : err;
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
