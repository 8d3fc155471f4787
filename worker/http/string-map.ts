import { z } from "zod";

/** Bounds of a free-form string map in a body (`utm` at registration). */
export const STRING_MAP_LIMITS = { keys: 20, keyChars: 64, valueChars: 500 } as const;

/**
 * A free-form `{string: string}` map, bounded so that nobody stores megabytes through it: at most
 * `STRING_MAP_LIMITS.keys` keys, each key and value no longer than its limit (Russian 422).
 */
export const stringMap = (field: string) =>
  z
    .record(
      z.string(),
      z.string({ error: `${field}: значения должны быть строками` }).max(STRING_MAP_LIMITS.valueChars, {
        error: `${field}: значение не длиннее ${STRING_MAP_LIMITS.valueChars} символов`,
      }),
      { error: `${field}: ожидается объект со строковыми значениями` },
    )
    .refine((map) => Object.keys(map).length <= STRING_MAP_LIMITS.keys, {
      error: `${field}: не больше ${STRING_MAP_LIMITS.keys} меток`,
    })
    // Checked here rather than on the key schema, whose own message zod replaces with a generic one.
    .refine((map) => Object.keys(map).every((key) => key.length <= STRING_MAP_LIMITS.keyChars), {
      error: `${field}: ключ не длиннее ${STRING_MAP_LIMITS.keyChars} символов`,
    });
