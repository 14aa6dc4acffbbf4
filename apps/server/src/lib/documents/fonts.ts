/**
 * Fonts for label PDFs. Latin-1 text (English, German, most addresses) uses the PDF's built-in
 * Helvetica: nothing to embed, the fastest page. Other Latin, Cyrillic and Greek text uses DejaVu Sans,
 * and Chinese uses Noto Sans CJK (Debian packages fonts-dejavu-core and fonts-noto-cjk, which CI
 * installs), found on disk at run time; `LABEL_FONT_FILE` (a .ttf/.otf/.ttc, see config.ts) names one
 * explicitly. Without a CJK font the caller is told (`hasCjkFont()` false) and prints English instead
 * of unreadable boxes; the server logs it once at start.
 */
import { existsSync } from 'node:fs';

export interface FontFile {
  path: string;
  /** The PostScript name of the face inside a collection (.ttc); absent for a single-face file. */
  family?: string;
}

const CJK_CANDIDATES: FontFile[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/System/Library/Fonts/PingFang.ttc', family: 'PingFangSC-Regular' },
];
const CJK_BOLD_CANDIDATES: FontFile[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
];
const UNICODE_CANDIDATES: FontFile[] = [
  { path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
  { path: '/usr/share/fonts/dejavu/DejaVuSans.ttf' },
  { path: '/usr/share/fonts/TTF/DejaVuSans.ttf' },
];

let configured: FontFile | null = null;
const found = new Map<string, FontFile | null>();

/** Names the font file to prefer (from `LABEL_FONT_FILE`); `#Family` after the path picks a face of a .ttc. */
export function setLabelFontFile(spec: string | undefined): void {
  found.clear();
  if (!spec) {
    configured = null;
    return;
  }
  const [path, family] = spec.split('#');
  configured = existsSync(path!) ? { path: path!, ...(family ? { family } : {}) } : null;
}

function firstExisting(kind: string, candidates: FontFile[]): FontFile | null {
  if (!found.has(kind)) found.set(kind, candidates.find((c) => existsSync(c.path)) ?? null);
  return found.get(kind)!;
}

/** A font with Chinese glyphs, or null when none is installed. */
export const cjkFont = (): FontFile | null => configured ?? firstExisting('cjk', CJK_CANDIDATES);
export const cjkBoldFont = (): FontFile | null => (configured ? null : firstExisting('cjkBold', CJK_BOLD_CANDIDATES)) ?? cjkFont();
/** A font for Latin beyond Latin-1, Greek and Cyrillic; falls back to the CJK font (it covers them too). */
export const unicodeFont = (): FontFile | null => configured ?? firstExisting('unicode', UNICODE_CANDIDATES) ?? cjkFont();
export const hasCjkFont = (): boolean => cjkFont() !== null;
/** The language a document is printed in: Chinese only with a CJK font installed, else English. */
export const printedLanguage = <L extends string>(language: L): L | 'en' => (language === 'cn' && !hasCjkFont() ? 'en' : language);

/** What a text needs: 'base' fits Helvetica (Windows-1252/Latin-1), 'cjk' has Han or kana, else 'unicode'. */
export function scriptOf(text: string): 'base' | 'unicode' | 'cjk' {
  let script: 'base' | 'unicode' | 'cjk' = 'base';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0xff || code === 0x20ac) continue;
    if ((code >= 0x2e80 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xffef)) return 'cjk';
    script = 'unicode';
  }
  return script;
}

/** The part of pdfkit's document font selection uses. */
interface FontDoc {
  registerFont(name: string, src: string, family?: string): unknown;
  font(name: string): unknown;
}

const registered = new WeakMap<object, Set<string>>();

/**
 * Selects a font able to show `text` on `doc` (regular or bold), registering an embedded font on first
 * use in that document. Answers false when the text needs a font that is not installed (then Helvetica
 * is selected and the caller may fall back to another language).
 */
export function useFontFor(doc: FontDoc, text: string, bold = false): boolean {
  const script = scriptOf(text);
  if (script === 'base') {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    return true;
  }
  const file = script === 'cjk' ? (bold ? cjkBoldFont() : cjkFont()) : unicodeFont();
  if (!file) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    return false;
  }
  const name = `${script}-${bold ? 'b' : 'r'}`;
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (!names.has(name)) {
    doc.registerFont(name, file.path, file.family);
    names.add(name);
  }
  doc.font(name);
  return true;
}
