import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';

/** Splits a failed call into the message under a field the form shows (the server's 400 names
 * it) and a message for the whole form (anything else). */
export function splitServerError<F extends string>(error: unknown, fields: readonly F[]): { field?: F; fieldMessage?: string; formMessage?: string } {
  if (error instanceof ApiError && error.field && (fields as readonly string[]).includes(error.field)) {
    return { field: error.field as F, fieldMessage: error.message };
  }
  return error ? { formMessage: errorMessage(error) } : {};
}
