// Which of a Vorbis stream's two block sizes each mode uses (Vorbis I spec §4.2.4), read from the
// end of the setup header: the modes are its last fields, each 41 bits (block flag, window type
// and transform type, both zero, mapping below 64), after a 6-bit count and before the framing bit.
// Reading the codebooks, floors and residues before them would take a decoder; reading backwards
// to where the count matches how many modes were seen does not (libavcodec's vorbis_parser does
// the same).

const MODE_BITS = 41;
const COUNT_BITS = 6;

/** Bits of the packet read from `position` towards its start, the first bit read the most significant. */
function backwardReader(packet: Uint8Array) {
  let position = packet.length * 8 - 1;
  const bit = () => (packet[position >> 3]! >> (position-- & 7)) & 1;
  return {
    left: () => position + 1,
    skipZeros: () => {
      while (position >= 0 && ((packet[position >> 3]! >> (position & 7)) & 1) === 0) position--;
    },
    read: (count: number) => {
      let value = 0;
      for (let i = 0; i < count; i++) value = value * 2 + bit();
      return value;
    },
    peek: (count: number) => {
      const at = position;
      let value = 0;
      for (let i = 0; i < count; i++) value = value * 2 + bit();
      position = at;
      return value;
    },
  };
}

/** Each mode's block flag (1: the long block), in mode order; null when the header's end is not modes. */
export function vorbisModeFlags(setup: Uint8Array): number[] | null {
  const bits = backwardReader(setup);
  bits.skipZeros();
  if (bits.left() === 0) return null;
  bits.read(1); // the framing bit
  const flags: number[] = [];
  let count = 0;
  while (bits.left() >= MODE_BITS + COUNT_BITS && flags.length < 64) {
    if (bits.read(8) > 63 || bits.read(16) !== 0 || bits.read(16) !== 0) break;
    flags.unshift(bits.read(1));
    if (bits.peek(COUNT_BITS) + 1 === flags.length) count = flags.length;
  }
  return count > 0 ? flags.slice(flags.length - count) : null;
}
