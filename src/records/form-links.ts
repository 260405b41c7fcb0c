import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/**
 * An object's public questionnaire link (the waiting list's), asked for from the objects' rows: made on
 * first use, the same one after. Nothing cached holds it, so nothing is refreshed.
 */
export function useFormLink(objectId: string) {
  return useMutation({ mutationFn: () => unwrap(api.PUT('/application-forms/link', { body: { object_id: objectId } })) });
}
