/**
 * The pictures of a demo lecture: one slide per spoken sentence (the course and lecture in a band
 * at the top, the sentence wrapped in the middle, the current keyframe's label at the bottom) and
 * a title slide, drawn by ffmpeg's drawtext with a CJK font. Text goes through files (textfile=),
 * so no sentence needs escaping for the filter graph.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../pipeline/tools';
import { fitText } from '../svg-images';

export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;
export const CJK_FONT = process.env.DEMO_CJK_FONT?.trim() || '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

// neutral greys: white text on them has no colour edges, which x264 would spend bits on
const BACKGROUND = '0x262a30';
const BAND = '0x8b1a1a';
const ACCENT = '0xf2c48d';
const MARGIN = 80;

export interface SlideText {
  /** "青少年心理发展 · 第1讲 认知发展阶段理论专题" */
  heading: string;
  /** the sentence (or, on the title slide, the lecture's name) */
  body: string;
  /** bottom line: "要点：…" or the lecturer */
  footer: string;
  /** a title slide sets the body larger */
  title?: boolean;
}

/** a value for a filter option: ffmpeg's filter-graph quoting of ' \ : */
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;

/** Draws one slide into a PNG file; `work` receives the text files. */
export async function renderSlide(slide: SlideText, outFile: string, work: string): Promise<void> {
  await mkdir(work, { recursive: true });
  await mkdir(path.dirname(outFile), { recursive: true });
  const base = path.basename(outFile, '.png');
  const texts: { file: string; text: string }[] = [];
  const textFile = (name: string, text: string) => {
    const file = path.join(work, `${base}-${name}.txt`);
    texts.push({ file, text });
    return file;
  };
  const maxWidth = SLIDE_WIDTH - 2 * MARGIN;
  const heading = fitText(slide.heading, maxWidth, 1, [36, 32, 28, 24]);
  const body = slide.title
    ? fitText(slide.body, maxWidth, 2, [64, 56, 48])
    : fitText(slide.body, maxWidth, 5, [46, 42, 38, 34, 30]);
  const footer = fitText(slide.footer, maxWidth, 1, [30, 26, 22]);
  const lineHeight = Math.round(body.size * 1.6);
  const bodyTop = Math.round((SLIDE_HEIGHT + 110 - 90) / 2 - (body.lines.length * lineHeight) / 2);

  const draw = (file: string, size: number, color: string, x: string, y: number) =>
    `drawtext=fontfile=${quote(CJK_FONT)}:textfile=${quote(file)}:fontsize=${size}:fontcolor=${color}:x=${x}:y=${y}`;
  const filters = [
    `drawbox=x=0:y=0:w=iw:h=110:color=${BAND}:t=fill`,
    draw(
      textFile('heading', heading.lines[0] ?? ''),
      heading.size,
      'white',
      String(MARGIN - 20),
      Math.round(55 - heading.size * 0.62),
    ),
    ...body.lines.map((line, i) =>
      draw(textFile(`body${i}`, line), body.size, 'white', '(w-text_w)/2', bodyTop + i * lineHeight),
    ),
    draw(
      textFile('footer', footer.lines[0] ?? ''),
      footer.size,
      ACCENT,
      String(MARGIN - 20),
      SLIDE_HEIGHT - 40 - footer.size,
    ),
  ];
  await Promise.all(texts.map((t) => writeFile(t.file, t.text)));
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${BACKGROUND}:s=${SLIDE_WIDTH}x${SLIDE_HEIGHT}:d=1`,
    '-frames:v',
    '1',
    '-vf',
    filters.join(','),
    outFile,
  ]);
}
