import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { buildShareScreen } from "./web/build/share-screen.ts";

// Worker tests run inside workerd with real local D1, R2, KV and Durable Objects. The secrets
// below are test-only values; real ones come from Worker secrets (docs/secrets.md).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  const historyMigrations = await readD1Migrations(path.join(import.meta.dirname, "migrations/history"));
  const lawMigrations = await readD1Migrations(path.join(import.meta.dirname, "migrations/law"));
  const extractor = buildExtractor();
  const shareScreen = await buildShareScreenWorker();
  const telegramBot = buildTelegramBot();
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // The document reader behind the EXTRACTOR service binding, the share page's renderer behind
          // SHARE_SCREEN and the Telegram bot behind TELEGRAM_BOT run beside the API Worker, as deployed.
          workers: [extractor, shareScreen, telegramBot],
          // Instead of web/dist (wrangler.toml), which the API tests do not need built: the share page as
          // the build writes it, cut down (the browser tests serve the real build).
          assets: { directory: path.join(import.meta.dirname, "test/worker/fixtures/share-page") },
          // Two history shards come from wrangler.toml; a third, bound but not in the directory, is
          // the one test/worker/shards.test.ts adds while users are active.
          d1Databases: { HISTORY_2: "yasno-history-2" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_HISTORY_MIGRATIONS: historyMigrations,
            TEST_LAW_MIGRATIONS: lawMigrations,
            JWT_SECRET: "test-jwt-secret-that-is-long-enough-for-hs256",
            INTERNAL_TOKEN: "test-internal-token",
            PRIVACY_KEY: "test-privacy-key-that-is-long-enough-for-aes",
            // External sign-in talks to fake providers in test/worker/fakes (routed by host).
            GOOGLE_CLIENT_ID: "test-google-client.apps.googleusercontent.com",
            GOOGLE_CLIENT_SECRET: "test-google-secret",
            YANDEX_CLIENT_ID: "test-yandex-client",
            YANDEX_CLIENT_SECRET: "test-yandex-secret",
            VK_CLIENT_ID: "51000001",
            TELEGRAM_BOT_TOKEN: "123456789:TEST-telegram-bot-token",
            // The demo model answers at once in tests; the OpenAI-compatible provider talks to the
            // fake model in test/worker/fakes/openai.ts when a test switches AI_PROVIDER to "openai".
            AI_PROVIDER: "demo",
            DEMO_TOKEN_DELAY_MS: "0",
            AI_MAX_RETRIES: "0",
            OPENAI_BASE_URL: "https://llm.fake.test/v1",
            OPENAI_API_KEY: "test-openai-key",
            OPENAI_MODEL: "fake-chat",
            OPENAI_VISION_MODEL: "fake-vision",
          },
        },
      }),
    ],
    test: {
      include: ["test/worker/**/*.test.ts"],
      setupFiles: ["./test/worker/setup.ts"],
      // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds per test.
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // Every request writes its log line (docs/operations.md "Request ids and logs"); a test's own
      // output and every other line (warnings, errors with their stacks) still show.
      onConsoleLog: (log: string) => !log.startsWith('{"level":"info","message":"request"'),
    },
  };
});

/** The extractor Worker (worker/extractor) bundled by wrangler, as an auxiliary Worker of the tests. */
function buildExtractor() {
  const root = import.meta.dirname;
  const outdir = path.join(root, "dist/extractor-test");
  const wrangler = path.join(root, "node_modules/.bin/wrangler");
  // Only this build's files: the dictionary's names carry their content's hash.
  rmSync(outdir, { recursive: true, force: true });
  execFileSync(
    wrangler,
    ["deploy", "--dry-run", "--env=", "--outdir", outdir, "-c", "worker/extractor/wrangler.toml"],
    {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  return {
    name: "yasno-extractor",
    // The bundle and the dictionary's files written beside it (worker/extractor/wrangler.toml's rules).
    modulesRoot: outdir,
    modules: [
      { type: "ESModule" as const, path: path.join(outdir, "index.js") },
      ...readdirSync(outdir)
        .filter((file) => /\.(dawg|array)$/.test(file))
        .map((file) => ({ type: "Data" as const, path: path.join(outdir, file) })),
    ],
    compatibilityDate: "2026-10-20",
    compatibilityFlags: ["nodejs_compat"],
  };
}

/** The share page's renderer (worker/share-screen) with the app's components built for it, bundled by wrangler. */
async function buildShareScreenWorker() {
  const root = import.meta.dirname;
  await buildShareScreen();
  const outdir = path.join(root, "dist/share-screen-test");
  const wrangler = path.join(root, "node_modules/.bin/wrangler");
  execFileSync(
    wrangler,
    ["deploy", "--dry-run", "--env=", "--outdir", outdir, "-c", "worker/share-screen/wrangler.toml"],
    {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  return {
    name: "yasno-share-screen",
    modules: true,
    scriptPath: path.join(outdir, "index.js"),
    compatibilityDate: "2026-10-20",
    compatibilityFlags: ["nodejs_compat"],
  };
}

/**
 * The Telegram bot (worker/telegram) bundled by wrangler, behind the API Worker's TELEGRAM_BOT binding: the tests
 * check the webhook's way through the API Worker here; test/worker/telegram-bot.test.ts drives the bot's own code.
 */
function buildTelegramBot() {
  const root = import.meta.dirname;
  const outdir = path.join(root, "dist/telegram-test");
  const wrangler = path.join(root, "node_modules/.bin/wrangler");
  execFileSync(wrangler, ["deploy", "--dry-run", "--env=", "--outdir", outdir, "-c", "worker/telegram/wrangler.toml"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return {
    name: "yasno-telegram",
    modules: true,
    scriptPath: path.join(outdir, "index.js"),
    compatibilityDate: "2026-10-20",
    compatibilityFlags: ["nodejs_compat"],
    kvNamespaces: ["KV"],
    bindings: {
      TELEGRAM_BOT_TOKEN: "7000000002:TEST-token-behind-the-binding",
      TELEGRAM_WEBHOOK_SECRET: "test-webhook-secret-behind-the-binding",
    },
  };
}
