/** An error the CLI explains in Russian and exits with; `code` 2 means the command was misused. */
export class CliError extends Error {
  constructor(message, code = 1) {
    super(message);
    this.code = code;
  }
}

export const usage = (message) => new CliError(message, 2);
