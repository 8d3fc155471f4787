/** An error as a log line holds it: what failed and where, without the values it was called with. */
export type LoggedError = { name: string; message: string; cause?: string; stack?: string };

// drizzle's failed query appends its bound values ("\nparams: …"): the user's own words, e-mails, names.
const BOUND_VALUES = /\nparams: [\s\S]*$/;

const withoutValues = (message: string) => message.replace(BOUND_VALUES, "");

/**
 * The error's name, message and cause (a D1 error under drizzle's) with bound values cut, and its
 * stack as frames only, since a stack's first line repeats the message.
 */
export function loggedError(err: Error): LoggedError {
  const frames = err.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  const cause = err.cause instanceof Error ? withoutValues(err.cause.message) : undefined;
  return { name: err.name, message: withoutValues(err.message), cause, stack: frames || undefined };
}
