// The baseline: a Worker that answers a constant, run by the same wrangler/workerd on the same machine.
export default {
  fetch() {
    return Response.json({ status: "ok" });
  },
};
