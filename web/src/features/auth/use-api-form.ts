import { useCallback, useState, type ChangeEvent } from "react";
import { formErrors, type FormErrors, type ResponseLike } from "../../api/errors";
import { authTexts } from "../../ui/texts/auth";

type ApiResponse = ResponseLike & { ok: boolean };

/**
 * One API call behind a form: the fields' values, the pending flag for the submit button, and the
 * server's errors spread over the fields (`fieldForStatus` says which field a plain detail concerns).
 */
export function useApiForm<Field extends string>(
  initial: Record<Field, string>,
  fieldForStatus: Partial<Record<number, NoInfer<Field>>> = {},
) {
  const [values, setValues] = useState(initial);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {}, form: null });
  const names = Object.keys(initial) as Field[];

  /** Forgets the error of a field the user is changing (and the form's, which may be about it). */
  const clear = useCallback((field: Field) => {
    setErrors((e) => (e.fields[field] || e.form ? { fields: { ...e.fields, [field]: undefined }, form: null } : e));
  }, []);

  /** What an input needs to edit one field: its name, value, error, and a change that clears the error. */
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      clear(name);
    },
    error: errors.fields[name],
  });

  /**
   * Shows every problem the form itself found, all at once, in place of the earlier errors; true
   * when there is one (the caller sends nothing then).
   */
  const refuse = (found: Partial<Record<Field, string | undefined>>): boolean => {
    const fields = Object.fromEntries(Object.entries(found).filter(([, text]) => text)) as Partial<
      Record<Field, string>
    >;
    if (Object.keys(fields).length === 0) return false;
    setErrors({ fields, form: null });
    return true;
  };

  const submit = async <R extends ApiResponse>(
    call: () => Promise<R>,
    /** The answer of a success status: the typed client's body type for it. */
    onSuccess: (res: Extract<R, { ok: true }>) => void | Promise<void>,
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
      setErrors({ fields: {}, form: authTexts.errors.network });
      setPending(false);
      return;
    }
    try {
      // `ok` is what tells the typed client's success answers from its failures.
      if (res.ok) await onSuccess(res as Extract<R, { ok: true }>);
      else if (!(await onFailure?.(res)))
        setErrors(await formErrors(res, names, fieldForStatus, authTexts.errors.unknown));
    } catch {
      setErrors({ fields: {}, form: authTexts.errors.unknown });
    } finally {
      setPending(false);
    }
  };

  return { values, field, pending, errors, refuse, submit };
}
