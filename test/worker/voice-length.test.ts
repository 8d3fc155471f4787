import { describe, expect, it } from "vitest";
import { ATTACHMENT_TEXTS } from "../../worker/conversations/services/attachments";
import { QUOTAS } from "../../worker/settings";
import {
  ascii,
  concat,
  ebml,
  makeFragmentedM4a,
  makeM4a,
  makeMp3,
  makeOggOpus,
  makeOggVorbis,
  makeWav,
  makeWebm,
  OPUS_PACKET_20MS,
  oggPage,
  opusHead,
  opusTags,
  u32le,
  webmHeader,
} from "./fixtures/audio";
import { upload } from "./fixtures/uploads";
import { detailOf, registerUser } from "./helpers";

// docs/conversations.md "Voice": a recording's length is judged from its own bytes, never from
// what a header claims, and what cannot be judged is refused; each file below was accepted (and
// would have been sent whole to speech-to-text) while the limit trusted the headers.

const NEARLY_TEN_MB = 9.5 * 1024 * 1024;

function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) crypto.getRandomValues(out.subarray(at, at + 65_536));
  return out;
}

async function expectRefused(bytes: Uint8Array, name: string, detail: string) {
  const { record } = await registerUser();
  const res = await upload(record, bytes, name);
  expect(res.status, name).toBe(422);
  expect(await detailOf(res), name).toBe(detail);
}

async function expectTaken(bytes: Uint8Array, name: string) {
  const { record } = await registerUser();
  expect((await upload(record, bytes, name)).status, name).toBe(201);
}

/** A WAV header of 8 kHz 8-bit mono whose byte-rate field says `byteRate`, with `dataBytes` of sound. */
function wavClaiming(byteRate: number, dataBytes: number, declaredData = dataBytes): Uint8Array {
  const fmt = [1, 0, 1, 0, ...u32le(8000), ...u32le(byteRate), 1, 0, 8, 0];
  const head = [...ascii("RIFF"), ...u32le(36 + dataBytes), ...ascii("WAVE"), ...ascii("fmt "), ...u32le(16), ...fmt];
  return concat(head, ascii("data"), u32le(declaredData), new Uint8Array(dataBytes).fill(0x80));
}

describe("WAV", () => {
  it("a byte rate the format's fields do not give is refused: 2 MB of 8 kHz sound claiming 2 s", async () => {
    await expectRefused(wavClaiming(1_000_000, 2 * 1024 * 1024), "false-rate.wav", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("a data chunk that claims 1 s before 5 MB of sound is as long as its bytes: too long", async () => {
    await expectRefused(wavClaiming(8000, 5 * 1024 * 1024, 8000), "short-data.wav", ATTACHMENT_TEXTS.audioTooLong);
    await expectTaken(makeWav(QUOTAS.audioMaxSeconds / 10), "ok.wav");
  });
});

describe("MP3", () => {
  it("random bytes after an ID3 tag and one frame are no chain of frames: refused", async () => {
    const noise = concat(makeMp3(0.02), randomBytes(NEARLY_TEN_MB));
    await expectRefused(noise, "noise.mp3", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("frames adding up past the limit are too long, though no header says so; up to it they are taken", async () => {
    await expectRefused(makeMp3(QUOTAS.audioMaxSeconds + 20), "long.mp3", ATTACHMENT_TEXTS.audioTooLong);
    await expectTaken(makeMp3(QUOTAS.audioMaxSeconds), "ok.mp3");
  });
});

describe("OGG", () => {
  it("random bytes before a last page claiming 1 s are no pages: refused", async () => {
    const head = [oggPage(0, [opusHead()], 2), oggPage(0, [opusTags()])];
    const bytes = concat(...head, randomBytes(NEARLY_TEN_MB), oggPage(48_000, [OPUS_PACKET_20MS], 4));
    await expectRefused(bytes, "noise.ogg", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("pages whose granules claim 1 s but whose packets play 4 minutes are too long", async () => {
    const pages = [oggPage(0, [opusHead()], 2), oggPage(0, [opusTags()])];
    const secondOfPackets = new Array(50).fill(OPUS_PACKET_20MS);
    for (let second = 0; second < 240; second++) pages.push(oggPage(48_000 / 240, secondOfPackets));
    await expectRefused(concat(...pages), "granules.ogg", ATTACHMENT_TEXTS.audioTooLong);
    await expectTaken(makeOggOpus(QUOTAS.audioMaxSeconds), "ok.ogg");
  });

  it("9.5 MB of packets in pages claiming 1 s hold more than a second can: refused", async () => {
    // 2.5 ms packets of 60 KB each: well-formed pages, but far beyond Opus's 510 kbit/s.
    const packet = new Uint8Array(60_000).fill(0x33);
    packet[0] = 0x80;
    const pages = [oggPage(0, [opusHead()], 2), oggPage(0, [opusTags()])];
    for (let i = 0; i < 160; i++) pages.push(oggPage(48_000, [packet]));
    await expectRefused(concat(...pages), "fat.ogg", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("Vorbis: a granule claiming 1 s over 200 s of long blocks is too long; 60 s are taken", async () => {
    const lying = makeOggVorbis(QUOTAS.audioMaxSeconds + 20, { granuleSeconds: 1 });
    await expectRefused(lying, "granules.ogg", ATTACHMENT_TEXTS.audioTooLong);
    await expectTaken(makeOggVorbis(60), "ok.ogg");
  });

  it("Vorbis: a setup header that does not end in its modes cannot be judged", async () => {
    await expectRefused(makeOggVorbis(5, { noModes: true }), "no-modes.ogg", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("a Vorbis identification header cut short answers 422, not 500", async () => {
    const { record } = await registerUser();
    const res = await upload(record, oggPage(0, [[1, ...ascii("vorbis"), 0, 0, 0]], 2), "cut.ogg");
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toBe(ATTACHMENT_TEXTS.audioUnreadable);
  });
});

describe("WebM", () => {
  it("a header with no duration before 9.5 MB of random bytes is refused", async () => {
    const noise = concat(webmHeader(), randomBytes(NEARLY_TEN_MB));
    await expectRefused(noise, "noise.webm", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("blocks running past the limit without a Duration are too long; up to it they are taken", async () => {
    await expectRefused(makeWebm(QUOTAS.audioMaxSeconds + 20), "long.webm", ATTACHMENT_TEXTS.audioTooLong);
    await expectTaken(makeWebm(QUOTAS.audioMaxSeconds), "ok.webm");
  });

  it("a Duration of 1 s over blocks of 4 minutes does not shorten them", async () => {
    await expectRefused(makeWebm(240, { duration: 1000 }), "lying.webm", ATTACHMENT_TEXTS.audioTooLong);
  });

  it("a block that is not an Opus packet cannot be judged", async () => {
    const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], ebml([0xe7], [0]), ebml([0xa3], [0x81, 0, 0, 0x80]));
    const bytes = concat(makeWebm(1), cluster);
    await expectRefused(bytes, "empty-block.webm", ATTACHMENT_TEXTS.audioUnreadable);
  });
});

describe("M4A", () => {
  it("a movie header claiming 1 s over a sample table of 200 s is too long", async () => {
    const lying = makeM4a(QUOTAS.audioMaxSeconds + 20, { movieSeconds: 1 });
    await expectRefused(lying, "lying.m4a", ATTACHMENT_TEXTS.audioTooLong);
  });

  it(
    "a fragmented M4A (Safari's recorder) is as long as its fragments: past the limit refused, within " + "taken",
    async () => {
      await expectRefused(makeFragmentedM4a(QUOTAS.audioMaxSeconds + 20), "long.m4a", ATTACHMENT_TEXTS.audioTooLong);
      await expectTaken(makeFragmentedM4a(5), "safari.m4a");
    },
  );

  it("a table of sizes listing ten times the samples the durations cover cannot be judged", async () => {
    await expectRefused(makeM4a(10, { sizedSeconds: 100 }), "sizes.m4a", ATTACHMENT_TEXTS.audioUnreadable);
  });

  it("a file cut short inside its boxes cannot be judged, though its movie header is whole", async () => {
    await expectRefused(makeM4a(3).subarray(0, 100), "cut.m4a", ATTACHMENT_TEXTS.audioUnreadable);
  });
});
