// The browser tests' server: the production SPA build on the real Worker, on fresh local state,
// with a fake mail API beside it (scripts/lib/fake-mail.mjs) where the tests read their links.
import { rmSync } from "node:fs";
import path from "node:path";
import { startFakeMail } from "./lib/fake-mail.mjs";
import { ensureDevVars, migrate, root, seedAdmin, seedLawDemo, startWorker } from "./lib/local.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
// test/e2e/pages/mail-outbox.ts reads the letters from the same port.
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 2000);
const mailKey = "re_e2e_fake_mail_key";
// One state folder per port, so two runs on different ports never wipe each other.
const persistTo = path.join(root, `.wrangler/e2e-${port}`);

rmSync(persistTo, { recursive: true, force: true });
ensureDevVars();
migrate(persistTo);
seedLawDemo(persistTo);
// A known password: the browser tests sign in as this admin where they need admin calls.
seedAdmin(persistTo, "admin@e2e.local", "e2e-admin-password");
const mail = await startFakeMail({ port: mailPort, apiKey: mailKey });
// APP_URL must name this port (links in mail, OAuth redirects); every test comes from 127.0.0.1,
// so the per-IP limits are raised (the counting still runs).
const worker = startWorker({
  port,
  persistTo,
  vars: {
    APP_URL: `http://localhost:${port}`,
    RATE_LIMIT_FACTOR: "100",
    MAIL_API_URL: `http://127.0.0.1:${mailPort}/emails`,
    MAIL_API_KEY: mailKey,
    // The browser tests make the bots' calls (test/e2e/telegram-link.spec.ts) with this token.
    INTERNAL_TOKEN: "e2e-internal-token",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => worker.kill(signal));
worker.on("exit", (code) => {
  mail.close();
  process.exit(code ?? 0);
});
