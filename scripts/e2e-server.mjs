// The browser tests' server: the production SPA build on the real Worker, on fresh local state.
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureDevVars, migrate, root, seedAdmin, startWorker } from "./lib/local.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
// One state folder per port, so two runs on different ports never wipe each other.
const persistTo = path.join(root, `.wrangler/e2e-${port}`);

rmSync(persistTo, { recursive: true, force: true });
ensureDevVars();
migrate(persistTo);
// A known password: the browser tests sign in as this admin to read the mail outbox.
seedAdmin(persistTo, "admin@e2e.local", "e2e-admin-password");
// APP_URL must name this port (links in mail, OAuth redirects); every test comes from 127.0.0.1,
// so the per-IP limits are raised (the counting still runs).
const worker = startWorker({ port, persistTo, vars: { APP_URL: `http://localhost:${port}`, RATE_LIMIT_FACTOR: "100" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => worker.kill(signal));
worker.on("exit", (code) => process.exit(code ?? 0));
