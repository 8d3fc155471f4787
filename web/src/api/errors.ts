/** One item of a 422 answer: FastAPI's shape, `loc` like `["body", "email"]`. */
export type ValidationItem = { loc?: (string | number)[]; msg?: string; type?: string };

/** What the server puts in `{"detail": …}`: a Russian text, or the list of a 422. */
export type Detail = string | ValidationItem[];

/** The part of a fetch/hono-client response the helpers need. */
export type ResponseLike = { status: number; statusText: string; json(): Promise<unknown> };

/** Messages for a form: one per field it concerns, and one for the form as a whole. */
export type FormErrors<Field extends string = string> = {
  fields: Partial<Record<Field, string>>;
  form: string | null;
};

/** A 422's list: every item an object with its message. */
const isValidationList = (detail: unknown): detail is ValidationItem[] =>
  Array.isArray(detail) && detail.every((item) => item && typeof item === "object" && typeof item.msg === "string");

/** Reads `detail` from an error answer; null when the body is not JSON or has none. */
export async function readDetail(res: ResponseLike): Promise<Detail | null> {
  try {
    const body = await res.json();
    if (body && typeof body === "object" && "detail" in body) {
      const detail = (body as { detail: unknown }).detail;
      if (typeof detail === "string") return detail;
      if (isValidationList(detail)) return detail;
      // Anything else is shown serialised (docs/product.md §8), a list of plain strings included.
      if (detail != null) return JSON.stringify(detail);
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): the caller falls back to the status.
  }
  return null;
}

/** The detail as one readable text: a string as is, a 422 list as its messages. */
export function detailText(detail: Detail | null): string | null {
  if (detail == null) return null;
  if (typeof detail === "string") return detail.trim() || null;
  const messages = detail.map((item) => item.msg?.trim()).filter(Boolean);
  return messages.length ? [...new Set(messages)].join(". ") : null;
}

/** The field a 422 item is about: the last name in `loc` after where it was ("body", "query"). */
export function fieldOf(item: ValidationItem): string | null {
  const names = (item.loc ?? []).filter((part): part is string => typeof part === "string");
  return names.length > 1 ? names[names.length - 1] : null;
}

/**
 * The text to show for a failed call (docs/product.md §8): the server's detail if present, else
 * "Ошибка {status}: {statusText}", else the fallback.
 */
export async function errorMessage(res: ResponseLike, fallback: string): Promise<string> {
  const text = detailText(await readDetail(res));
  if (text) return text;
  if (res.status && res.statusText) return `Ошибка ${res.status}: ${res.statusText}`;
  return fallback;
}

/**
 * Spreads an error answer over a form: 422 items go under the field named by their `loc` when the
 * form has it; a plain detail goes under the field `fieldForStatus` names for that status (a
 * wrong password under the password, a taken e-mail under the e-mail), else under the form.
 */
export async function formErrors<Field extends string>(
  res: ResponseLike,
  formFields: readonly Field[],
  fieldForStatus: Partial<Record<number, Field>> = {},
  fallback: string,
): Promise<FormErrors<Field>> {
  const detail = await readDetail(res);
  const result: FormErrors<Field> = { fields: {}, form: null };
  if (Array.isArray(detail)) {
    const rest: ValidationItem[] = [];
    for (const item of detail) {
      const field = fieldOf(item) as Field | null;
      if (field && formFields.includes(field) && item.msg) {
        result.fields[field] ??= item.msg;
      } else {
        rest.push(item);
      }
    }
    result.form = detailText(rest);
    if (!result.form && Object.keys(result.fields).length === 0) result.form = fallback;
    return result;
  }
  const text =
    detailText(detail) ?? (res.status && res.statusText ? `Ошибка ${res.status}: ${res.statusText}` : fallback);
  const field = fieldForStatus[res.status];
  if (field) result.fields[field] = text;
  else result.form = text;
  return result;
}
