import { checkDocument } from '../../files/checks';
import { AppError } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Accepted } from '../../workflow/files';

export const MAX_FILE_MIB = 10;
export const MAX_FILES_PER_SET = 5;

/** Every file of both sets checked before any is stored: one refused file refuses the form. */
export async function checkFiles(sets: Record<1 | 2, Upload[]>): Promise<Accepted[]> {
  const checked: Accepted[] = [];
  for (const fileSet of [1, 2] as const) {
    const field = `files${fileSet}`;
    const uploads = sets[fileSet];
    if (uploads.length > MAX_FILES_PER_SET) {
      throw new AppError(400, 'too_many_files', { [field]: (ll) => ll.errors.too_many_files({ max: MAX_FILES_PER_SET }) }, { max: MAX_FILES_PER_SET });
    }
    for (const upload of uploads) {
      // Questionnaires take no WebP (the contract's list).
      const file = await checkDocument(upload, field, MAX_FILE_MIB, (ext) => ext !== 'webp');
      checked.push({ ...file, columns: { ...file.columns, fileSet }, keyPrefix: `${fileSet}-` });
    }
  }
  return checked;
}
