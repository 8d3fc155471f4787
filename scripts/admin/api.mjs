// The admin API over HTTP: a token from --token / YASNO_ADMIN_TOKEN, or a login by e-mail and password.
import { CliError } from "./errors.mjs";

/** FastAPI-shaped 422 details are a list of {loc, msg}; everything else is one Russian sentence. */
function describeDetail(detail) {
  if (Array.isArray(detail))
    return detail.map((d) => `${(d.loc ?? []).slice(1).join(".") || "запрос"}: ${d.msg}`).join("\n");
  return typeof detail === "string" ? detail : JSON.stringify(detail);
}

async function send(baseUrl, method, path, { token, json, form, bookmark } = {}, shownUrl = baseUrl) {
  const headers = {};
  if (token) headers["jwt-token"] = token;
  if (bookmark) headers["x-d1-bookmark"] = bookmark;
  if (json !== undefined) headers["content-type"] = "application/json";
  let res;
  try {
    res = await fetch(new URL(`/api/v2${path}`, baseUrl), {
      method,
      headers,
      // A FormData body sets its own multipart content type.
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    });
  } catch {
    throw new CliError(`Сервер недоступен: ${shownUrl}`);
  }
  const text = await res.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, ok: res.ok, body, headers: res.headers };
}

export async function createClient({ url, token, email, password }) {
  let base;
  try {
    base = new URL(url).toString();
  } catch {
    throw new CliError(`Неверный адрес сервера: ${url}`, 2);
  }
  // What the last answer saw of D1, sent with the next call, so a command reads what it just wrote
  // (the login's session included) even where reads go to a replica (docs/scale.md, "Read replicas").
  let bookmark = null;
  const call = async (method, path, options) => {
    const res = await send(base, method, path, { ...options, bookmark }, url);
    bookmark = res.headers.get("x-d1-bookmark") ?? bookmark;
    return res;
  };
  if (!token) {
    if (!email || !password) {
      throw new CliError("Нужен токен администратора: --token или YASNO_ADMIN_TOKEN, либо --email и --password", 2);
    }
    const login = await call("POST", "/users/login", { json: { email, password } });
    if (!login.ok) throw new CliError(`Вход не удался: ${describeDetail(login.body?.detail ?? login.status)}`);
    token = login.body.access_token;
  }
  const request = async (method, path, json, form) => {
    const res = await call(method, path, { token, json, form });
    if (res.status === 401) throw new CliError("Неверный токен администратора");
    if (res.status === 403) throw new CliError("Недостаточно прав: эта учётная запись не администратор");
    if (!res.ok) throw new CliError(`Ошибка ${res.status}: ${describeDetail(res.body?.detail ?? res.body)}`);
    return res.body;
  };
  return {
    get: (path) => request("GET", path),
    post: (path, json) => request("POST", path, json ?? {}),
    put: (path, json) => request("PUT", path, json),
    patch: (path, json) => request("PATCH", path, json),
    /** A multipart upload: `fields` as a FormData. */
    postForm: (path, form) => request("POST", path, undefined, form),
  };
}
