// Hashes one password per request with the production code, so the cost can be measured in workerd.
import { hashPassword } from "../../worker/accounts/services/passwords";

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== "/hash") return Response.json({ status: "ok" });
    return Response.json({ hash: await hashPassword("бенчмарк-пароль") });
  },
};
