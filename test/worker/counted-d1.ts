import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";

/**
 * The real local D1 binding, wrapped so that every statement the Worker prepares on it (directly or
 * in a D1 session: worker/db/replica-reads.ts) is recorded. D1 itself answers, nothing is faked.
 */
function countedD1(d1: D1Database, statements: string[]): D1Database {
  const counted = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(real, prop) {
        if (prop === "prepare") {
          return (sql: string) => {
            statements.push(sql);
            return (real as unknown as D1Database).prepare(sql);
          };
        }
        if (prop === "withSession") {
          return (constraint?: string) => counted((real as unknown as D1Database).withSession(constraint));
        }
        const value = Reflect.get(real, prop);
        return typeof value === "function" ? value.bind(real) : value;
      },
    });
  return counted(d1);
}

/** One call through the Worker's own entry with its main D1 counted: the answer and the SQL it ran. */
export async function countedCall(path: string, headers: Record<string, string>) {
  const statements: string[] = [];
  const ctx = createExecutionContext();
  const request = new Request(`http://app.test/api/v2${path}`, { headers }) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const response = await worker.fetch(request, { ...env, DB: countedD1(env.DB, statements) }, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: response.status, statements };
}
