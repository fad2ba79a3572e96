// Errors as data at the edge: untrusted input becomes a value through functions returning Result.
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Unwraps a Result whose failure would be a programming error inside the engine. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`unwrap on error: ${JSON.stringify(result.error)}`);
  return result.value;
}
