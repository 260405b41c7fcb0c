import type { Translation } from '../i18n-types';

// The import kit: templates, the check of an uploaded file, its errors by row.
export const imports = {
  imports: {
    title: 'Import',
    entities: { tenants: 'Tenants', units: 'Units', employees: 'Employees' },
    columns: { object: 'Property', number: 'Unit number', floor: 'Floor', area: 'Area, m²', language: 'Language' },
    notes: {
      sheet: 'Notes',
      column: 'Column',
      required: 'Required',
      format: 'Format',
      yes: 'yes',
      no: 'no',
      intro: 'Fill in the “{sheet}” sheet from the third row (the second row is an example: delete or replace it). Leave the first row as it is.',
    },
    formats: {
      text: 'Text of up to {max} characters',
      bin: 'IIN/BIN: 12 digits with a valid check digit',
      phone: 'Kazakhstan phone: +7 and 10 digits',
      email: 'Email address',
      date: 'Date: dd.mm.yyyy or an Excel date',
      decimal: 'A number above 0, up to two decimals',
      integer: 'A whole number',
      choice: 'One of: {values}',
      username: 'Username: 3–50 Latin letters, digits, dots, dashes. Empty: the BIN/IIN is the username, and no email is sent',
      key: 'Key: an existing record is found by it',
    },
    errorsColumn: 'Errors',
    row: {
      required: 'Required field',
      tooLong: 'At most {max} characters',
      binIin: 'Invalid IIN/BIN: 12 digits with a valid check digit',
      phone: 'Phone: +7 and 10 digits',
      email: 'Enter a valid email',
      date: 'Date: dd.mm.yyyy or an Excel date',
      decimal: 'A number above 0 and at most 1,000,000',
      integer: 'A whole number',
      choice: 'Must be one of: {values}',
      formula: 'A formula without a saved value: open and save the file in Excel',
      duplicate: 'Repeats row {row}',
      ambiguous: 'Several records have this key: correct them in the register',
      objectNotFound: 'Property “{name}” is not among your properties',
      roomNotFound: 'Unit {number} not found in property “{object}”',
    },
    failure: { timeout: 'Checking the file took too long. Split the file into parts' },
  },
} satisfies Pick<Translation, 'imports'>;
