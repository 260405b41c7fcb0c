/**
 * The placeholders an АВР template (.docx) may use: the server fills them, Settings lists them with their
 * meaning. The invoice's lines are a loop, `{#lines}…{/lines}`, whose own placeholders are `actLinePlaceholders`.
 */
export const actTemplatePlaceholders = [
  'number',
  'date',
  'period',
  'landlord_name',
  'landlord_bin',
  'renter_name',
  'renter_bin',
  'subtotal',
  'vat_total',
  'grand_total',
  'title',
  'landlord_label',
  'renter_label',
  'bin_label',
  'period_label',
  'subtotal_label',
  'vat_label',
  'total_label',
] as const;

export const actLinePlaceholders = ['no', 'name', 'amount', 'vat', 'total'] as const;
