/** An optional text as stored: trimmed, and a blank answer is no answer (null). */
export const orNull = (value: string | null | undefined): string | null => value?.trim() || null;
