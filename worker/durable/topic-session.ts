import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One per topic: owns the live reply stream (DESIGN.md §4). Declared with the skeleton so the
 * binding and its migration exist from the start; the conversations work fills it in.
 */
export class TopicSession extends DurableObject<Env> {
  async fetch(): Promise<Response> {
    return new Response(null, { status: 204 });
  }
}
