import PizZip from 'pizzip';
import { docxOfParagraphs } from '#server/files/docx';

/** A minimal Word document whose one paragraph is `text` (placeholders in braces). */
export const docxWith = (text: string): Buffer => docxOfParagraphs([text]);

/** The text of a Word document's body. */
export const textOf = (bytes: Buffer) => (new PizZip(bytes).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
