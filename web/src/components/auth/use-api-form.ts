import { useCallback, useState } from "react";
import { formErrors, type FormErrors, type ResponseLike } from "../../api/errors";
import { texts } from "../../texts";

type ApiResponse = ResponseLike & { ok: boolean };

/**
 * One API call behind a form: the pending flag for the submit button, and the server's errors
 * spread over the form's fields (`fieldForStatus` says which field a plain detail concerns).
 */
export function useApiForm<Field extends string>(fields: readonly Field[], fieldForStatus: Partial<Record<number, Field>> = {}) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {}, form: null });

  /** Forgets the error of a field the user is changing (and the form's, which may be about it). */
  const clear = useCallback((field: Field) => {
    setErrors((e) => (e.fields[field] || e.form ? { fields: { ...e.fields, [field]: undefined }, form: null } : e));
  }, []);

  const submit = async <R extends ApiResponse>(
    call: () => Promise<R>,
    onSuccess: (res: R) => void | Promise<void>,
    /** Handles a failure itself (e.g. goes to another page) and returns true, or leaves it to the form. */
    onFailure?: (res: R) => boolean | Promise<boolean>,
  ) => {
    if (pending) return;
    setPending(true);
    setErrors({ fields: {}, form: null });
    let res: R;
    try {
      res = await call();
    } catch {
      setErrors({ fields: {}, form: texts.auth.errors.network });
      setPending(false);
      return;
    }
    try {
      if (res.ok) await onSuccess(res);
      else if (!(await onFailure?.(res))) setErrors(await formErrors(res, fields, fieldForStatus, texts.auth.errors.unknown));
    } catch {
      setErrors({ fields: {}, form: texts.auth.errors.unknown });
    } finally {
      setPending(false);
    }
  };

  return { pending, errors, clear, submit };
}
