// The slices of a Perfetto trace as workerd writes it (`--perfetto-trace=<file>=<categories>`), read without
// Perfetto's own tools: the protobuf's packets, their interned event names, and each track's begin and end events
// paired into { name, ms }. Enough for V8's GC categories (scripts/bench/send-gc.mjs); not a general reader.

function* fieldsOf(bytes) {
  let at = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const key = varint();
    const [field, wire] = [Math.floor(key / 8), key % 8];
    if (wire === 0) yield [field, varint()];
    else if (wire === 1) at += 8;
    else if (wire === 2) {
      const length = varint();
      yield [field, bytes.subarray(at, at + length)];
      at += length;
    } else if (wire === 5) at += 4;
    else throw new Error(`a protobuf wire type this reader does not know: ${wire}`);
  }
}

const decoder = new TextDecoder();
const TRACE_PACKET = 1;
const PACKET = { timestamp: 8, sequence: 10, trackEvent: 11, internedData: 12 };
const INTERNED_EVENT_NAME = 2;
const EVENT = { type: 9, nameIid: 10, track: 11, name: 23 };
const [SLICE_BEGIN, SLICE_END] = [1, 2];

/** Every slice in the trace: its name and length, ms. */
export function slicesOf(bytes) {
  const names = new Map();
  const open = new Map();
  const slices = [];
  for (const [field, packet] of fieldsOf(bytes)) {
    if (field !== TRACE_PACKET) continue;
    const parts = Object.fromEntries(fieldsOf(packet));
    const sequence = parts[PACKET.sequence];
    if (parts[PACKET.internedData]) {
      for (const [f, entry] of fieldsOf(parts[PACKET.internedData])) {
        if (f !== INTERNED_EVENT_NAME) continue;
        const name = Object.fromEntries(fieldsOf(entry));
        names.set(`${sequence}:${name[1]}`, decoder.decode(name[2]));
      }
    }
    if (!parts[PACKET.trackEvent]) continue;
    const event = Object.fromEntries(fieldsOf(parts[PACKET.trackEvent]));
    const track = `${sequence}:${event[EVENT.track] ?? 0}`;
    const name = event[EVENT.name]
      ? decoder.decode(event[EVENT.name])
      : names.get(`${sequence}:${event[EVENT.nameIid]}`);
    if (event[EVENT.type] === SLICE_BEGIN) {
      if (!open.has(track)) open.set(track, []);
      open.get(track).push({ name, at: parts[PACKET.timestamp] });
    } else if (event[EVENT.type] === SLICE_END) {
      const begun = open.get(track)?.pop();
      if (begun) slices.push({ name: begun.name, ms: (parts[PACKET.timestamp] - begun.at) / 1e6 });
    }
  }
  return slices;
}
