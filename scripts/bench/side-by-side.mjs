// Sends to several Workers' sockets on the same footing (docs/scale.md "Against the floor (issue 28)"): each send
// goes on a keep-alive connection a round trip has just opened, as a browser's connection to Cloudflare's edge is
// open before its send, and is timed against its own direct read of the model; the order turns every run.
import { roundTrips } from "./http.mjs";

/**
 * ms each of `senders` adds to the first chunk over `directFirst` (ms to the model's first chunk read directly), `runs`
 * times each. A sender is `{ socket, send }`: its Worker's socket and a send answering ms to its first chunk. Answers
 * the added ms by sender, and the round trips that opened the connections (a route that does nothing) by socket.
 */
export async function addedSideBySide(runs, directFirst, senders) {
  const names = Object.keys(senders);
  const added = Object.fromEntries(names.map((name) => [name, []]));
  const roundTrip = Object.fromEntries(names.map((name) => [senders[name].socket, []]));
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(run + i) % names.length];
      const { socket, send } = senders[name];
      const [opened] = await roundTrips(`${socket}/api/v2/health`, 1);
      roundTrip[socket].push(opened);
      const read = await directFirst();
      added[name].push((await send()) - read);
    }
  }
  return { added, roundTrip };
}
