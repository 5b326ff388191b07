/**
 * The spoken narration of a demo lecture: each transcript sentence read aloud by espeak-ng.
 * Mandarin goes through pinyin with tone numbers (pinyin-pro), read by the `cmn-latn-pinyin`
 * voice: Debian's plain `cmn` voice is broken. One WAV per sentence, measured from its header,
 * so the subtitles are timed to the sound itself.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { pinyin } from 'pinyin-pro';

export const ESPEAK_VOICE = 'cmn-latn-pinyin';
/** words (syllables) per minute: a little slower than espeak's 175, as a lecturer speaks */
export const ESPEAK_SPEED = 165;

export const espeakPath = (env: NodeJS.ProcessEnv = process.env): string => env.ESPEAK_PATH?.trim() || 'espeak-ng';

/** Chinese punctuation as the pauses espeak understands; quotes and brackets are not read. */
const PAUSES: Record<string, string> = {
  '，': ',',
  '、': ',',
  '；': ',',
  '：': ',',
  '。': '.',
  '！': '.',
  '？': '?',
  '…': ',',
  '—': ',',
};

/**
 * Pinyin with tone numbers as espeak's pinyin voice reads it: neutral tone 5 (pinyin-pro says 0),
 * ü as v, pauses as ASCII punctuation; Latin letters and digits pass through.
 */
export function toSpeakablePinyin(sentence: string): string {
  const syllables = pinyin(sentence, { toneType: 'num', type: 'array', v: true, nonZh: 'consecutive' });
  const out: string[] = [];
  for (const raw of syllables) {
    const token = raw.trim();
    if (token === '') continue;
    if (/^[a-zv]+[0-5]$/.test(token)) {
      out.push(token.replace(/0$/, '5'));
      continue;
    }
    // a run of non-Han text: keep letters and digits, turn marks into pauses
    let text = '';
    for (const ch of token) {
      if (PAUSES[ch]) text += `${PAUSES[ch]} `;
      else if (/[A-Za-z0-9]/.test(ch)) text += ch;
      else text += ' ';
    }
    const cleaned = text.replace(/\s+/g, ' ').trim();
    if (cleaned) {
      // a pause belongs to the syllable before it: "yi4, er4" rather than "yi4 , er4"
      const pause = /^[,.?]/.test(cleaned) ? cleaned.charAt(0) : '';
      if (pause && out.length) out[out.length - 1] = `${out[out.length - 1]}${pause}`;
      const rest = pause ? cleaned.slice(1).trim() : cleaned;
      if (rest) out.push(rest);
    }
  }
  return out.join(' ').replace(/\s+([,.?])/g, '$1');
}

/** Speaks `sentence` into a WAV file. */
export function speakToWav(sentence: string, outFile: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = espeakPath(env);
  return new Promise((resolve, reject) => {
    const child = spawn(
      file,
      ['-v', ESPEAK_VOICE, '-s', String(ESPEAK_SPEED), '-w', outFile, toSpeakablePinyin(sentence)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`找不到 espeak-ng（${file}）：请安装 espeak-ng (apt-get install espeak-ng) 或设置 ESPEAK_PATH`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`espeak-ng 失败 (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** the PCM samples */
  data: Buffer;
  durationMs: number;
}

/** Reads a PCM WAV (as espeak writes it: RIFF, fmt, data; the data size may be left 0 or too big). */
export async function readWav(file: string): Promise<WavInfo> {
  const buf = await readFile(file);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error(`not a WAV file: ${file}`);
  let offset = 12;
  let fmt: { sampleRate: number; channels: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (buf.readUInt16LE(body) !== 1) throw new Error(`WAV is not PCM: ${file}`);
      fmt = {
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error(`WAV data before fmt: ${file}`);
      // espeak writing to a file fixes the sizes at the end; trust the file's length over a bad size
      const end = size === 0 || body + size > buf.length ? buf.length : body + size;
      const data = buf.subarray(body, end);
      const bytesPerSecond = fmt.sampleRate * fmt.channels * (fmt.bitsPerSample / 8);
      return { ...fmt, data, durationMs: (data.length / bytesPerSecond) * 1000 };
    }
    offset = body + size + (size % 2);
  }
  throw new Error(`WAV without data: ${file}`);
}

/** A PCM WAV file of these samples. */
export function wavFile(info: Pick<WavInfo, 'sampleRate' | 'channels' | 'bitsPerSample'>, data: Buffer): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = info.channels * (info.bitsPerSample / 8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(info.channels, 22);
  header.writeUInt32LE(info.sampleRate, 24);
  header.writeUInt32LE(info.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(info.bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
