// The app's Worker as the send probes start it: migrated afresh, quiet, its model the fake one on `modelPort`, and
// one user on an unlimited pack.
import { rmSync } from "node:fs";
import { migrate, queryLocal, startWorker, waitForHealth } from "../lib/local.mjs";
import { workerVarsFor } from "./fake-model.mjs";

/** The body of a new topic's send, in the mode without law retrieval, as every send probe asks it. */
export const NEW_TOPIC_QUESTION = JSON.stringify({
  message: { text: "Сколько стоит аренда квартиры?", attachments: [] },
  assistant_type: "gpt",
});

export async function startAppWithUser({ port, modelPort, persistTo, email, inspectorPort }) {
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const vars = workerVarsFor(modelPort);
  const child = startWorker({ port, persistTo, stdio: "ignore", vars, inspector: false, inspectorPort });
  await waitForHealth(port);
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/v2/users/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1", consent: true }),
  });
  const { access_token: token } = await res.json();
  queryLocal(
    persistTo,
    "INSERT INTO limits (user_id, requests, available_requests, is_unlimited, source) " +
      "SELECT id, 0, 0, 1, 'admin' FROM users",
  );
  return { child, base, token };
}

/** One new-topic send to the app at `base` as the user of `token`, read to its end. */
export const newTopicSend = (base, token) => async () => {
  const headers = { "jwt-token": token, "content-type": "application/json" };
  const res = await fetch(`${base}/api/v2/topics/start/stream/`, { method: "POST", headers, body: NEW_TOPIC_QUESTION });
  return res.text();
};
