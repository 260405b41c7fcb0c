/** The placeholders a lease template (.docx) may use: the server fills them, Settings lists them with their meaning. */
export const leaseTemplatePlaceholders = [
  'number',
  'renter_name',
  'renter_bin',
  'rooms',
  'area',
  'rate',
  'monthly_total',
  'deposit',
  'starts_on',
  'ends_on',
  'signed_on',
  'payment_day',
  'indexation',
  'object_name',
  'object_address',
  'landlord_name',
] as const;
