import { z } from "zod";
import { PAGES } from "../settings";

export const PAGE_TEXTS = {
  limit: `limit: целое число от 1 до ${PAGES.maxLimit}`,
  cursor: "Некорректный курсор страницы",
} as const;

/**
 * `?limit=&cursor=` of a paged list (docs/scale.md "Pages"): the next page's cursor comes in the
 * X-Next-Cursor header. Each list refines `cursor` with its own parser.
 */
export const pageQuery = {
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/, { error: PAGE_TEXTS.limit })
    .transform(Number)
    .refine((n) => n >= 1 && n <= PAGES.maxLimit, { error: PAGE_TEXTS.limit })
    .optional(),
  cursor: z.string().max(64, { error: PAGE_TEXTS.cursor }).optional(),
};
