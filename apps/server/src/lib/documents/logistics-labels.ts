/**
 * Common logistics labels of `/tools/commonLogisticsLabels` (issue 17 item 6): fragile, this side up,
 * heavy, do not stack, pallet and merchant labels, in English, Chinese or German, with a pictogram
 * drawn as vectors (after ISO 780's handling marks). Chinese needs a CJK font (fonts.ts); without one
 * installed the label prints in English and says so in `fellBack`.
 */
import { hasCjkFont, useFontFor } from './fonts.js';
import { addPage, fit, MM, type Doc } from './pdf.js';

export const LOGISTICS_KINDS = ['fragile', 'thisSideUp', 'heavy', 'doNotStack', 'pallet', 'merchant'] as const;
export type LogisticsKind = (typeof LOGISTICS_KINDS)[number];
export type LabelLanguage = 'en' | 'cn' | 'de';

/** Title and the line under it, per kind and language (document texts, printed, not screen texts). */
export const LOGISTICS_TEXTS: Record<LogisticsKind, Record<LabelLanguage, [string, string]>> = {
  fragile: { en: ['FRAGILE', 'Handle with care'], cn: ['易碎物品', '小心轻放'], de: ['ZERBRECHLICH', 'Vorsicht, bitte behutsam behandeln'] },
  thisSideUp: { en: ['THIS SIDE UP', 'Keep upright'], cn: ['此面向上', '请勿倒置'], de: ['OBEN', 'Nicht kippen, aufrecht transportieren'] },
  heavy: {
    en: ['HEAVY', 'Lift with care, use lifting aids'],
    cn: ['重物', '小心搬运，请使用搬运工具'],
    de: ['SCHWER', 'Vorsicht beim Heben, Hebehilfe benutzen'],
  },
  doNotStack: { en: ['DO NOT STACK', 'Nothing on top'], cn: ['禁止堆码', '顶部请勿放置物品'], de: ['NICHT STAPELN', 'Nichts darauf abstellen'] },
  pallet: { en: ['PALLET', 'Pallet no.'], cn: ['托盘', '托盘编号'], de: ['PALETTE', 'Paletten-Nr.'] },
  merchant: { en: ['MERCHANT', 'Goods of'], cn: ['商户', '货主'], de: ['HÄNDLER', 'Ware von'] },
};

export interface LogisticsLabelRequest {
  kind: LogisticsKind;
  language: LabelLanguage;
  copies: number;
  size: [number, number];
  merchantName?: string;
  /** Heavy: the weight printed in large type. */
  weightKg?: number;
}

type Painter = (doc: Doc, x: number, y: number, s: number) => void;

const stroke = (doc: Doc, width: number) => doc.lineWidth(width).strokeColor('#000000').fillColor('#000000');

/** Pictograms in a square of side `s` at (x, y). */
const PICTOGRAMS: Partial<Record<LogisticsKind, Painter>> = {
  fragile(doc, x, y, s) {
    // A wine glass, broken.
    stroke(doc, s * 0.04);
    doc
      .moveTo(x + s * 0.28, y + s * 0.08)
      .lineTo(x + s * 0.72, y + s * 0.08)
      .bezierCurveTo(x + s * 0.75, y + s * 0.45, x + s * 0.6, y + s * 0.52, x + s * 0.5, y + s * 0.54);
    doc.bezierCurveTo(x + s * 0.4, y + s * 0.52, x + s * 0.25, y + s * 0.45, x + s * 0.28, y + s * 0.08).fill();
    doc
      .moveTo(x + s * 0.5, y + s * 0.54)
      .lineTo(x + s * 0.5, y + s * 0.86)
      .stroke();
    doc
      .moveTo(x + s * 0.32, y + s * 0.88)
      .lineTo(x + s * 0.68, y + s * 0.88)
      .stroke();
    doc
      .save()
      .strokeColor('#ffffff')
      .lineWidth(s * 0.025);
    doc
      .moveTo(x + s * 0.46, y + s * 0.08)
      .lineTo(x + s * 0.54, y + s * 0.2)
      .lineTo(x + s * 0.45, y + s * 0.3)
      .lineTo(x + s * 0.53, y + s * 0.42)
      .stroke();
    doc.restore();
  },
  thisSideUp(doc, x, y, s) {
    // Two arrows up over a bar.
    stroke(doc, s * 0.06);
    for (const cx of [x + s * 0.3, x + s * 0.7]) {
      doc
        .moveTo(cx, y + s * 0.82)
        .lineTo(cx, y + s * 0.3)
        .stroke();
      doc.polygon([cx - s * 0.13, y + s * 0.34], [cx, y + s * 0.1], [cx + s * 0.13, y + s * 0.34]).fill();
    }
    doc
      .moveTo(x + s * 0.12, y + s * 0.9)
      .lineTo(x + s * 0.88, y + s * 0.9)
      .stroke();
  },
  heavy(doc, x, y, s) {
    // A weight with a handle.
    stroke(doc, s * 0.06);
    doc.circle(x + s * 0.5, y + s * 0.2, s * 0.1).stroke();
    doc.polygon([x + s * 0.3, y + s * 0.32], [x + s * 0.7, y + s * 0.32], [x + s * 0.85, y + s * 0.9], [x + s * 0.15, y + s * 0.9]).fill();
  },
  doNotStack(doc, x, y, s) {
    // A box with a box on top, crossed out.
    stroke(doc, s * 0.045);
    doc.rect(x + s * 0.2, y + s * 0.55, s * 0.6, s * 0.35).stroke();
    doc.rect(x + s * 0.3, y + s * 0.18, s * 0.4, s * 0.3).stroke();
    doc
      .lineWidth(s * 0.06)
      .moveTo(x + s * 0.15, y + s * 0.1)
      .lineTo(x + s * 0.85, y + s * 0.56)
      .stroke();
    doc
      .moveTo(x + s * 0.85, y + s * 0.1)
      .lineTo(x + s * 0.15, y + s * 0.56)
      .stroke();
  },
};

/** Draws `copies` pages of the label; answers whether the requested language could be printed. */
export function addLogisticsLabels(doc: Doc, request: LogisticsLabelRequest): { fellBack: boolean } {
  const fellBack = request.language === 'cn' && !hasCjkFont();
  const language: LabelLanguage = fellBack ? 'en' : request.language;
  const [title, subtitle] = LOGISTICS_TEXTS[request.kind][language];
  const [w, h] = request.size;
  const pad = 5 * MM;
  const inner = w - 2 * pad;
  const landscape = w > h;
  for (let copy = 0; copy < request.copies; copy++) {
    addPage(doc, request.size);
    doc
      .save()
      .lineWidth(3)
      .rect(pad / 2, pad / 2, w - pad, h - pad)
      .stroke()
      .restore();
    const pictogram = PICTOGRAMS[request.kind];
    let y = pad;
    let textX = pad;
    let textWidth = inner;
    if (pictogram) {
      const side = landscape ? Math.min(h - 2 * pad, w * 0.4) : Math.min(inner, h * 0.45);
      const px = landscape ? pad : (w - side) / 2;
      pictogram(doc, px, y, side);
      doc.fillColor('#000000').strokeColor('#000000');
      if (landscape) {
        textX = pad + side + pad;
        textWidth = w - textX - pad;
      } else y += side + pad;
    }
    const maxTitle = Math.min(landscape ? h * 0.22 : w * 0.13, 40);
    useFontFor(doc, title, true);
    let titleSize = maxTitle;
    doc.fontSize(titleSize);
    while (titleSize > 10 && doc.widthOfString(title) > textWidth) doc.fontSize(--titleSize);
    doc.text(title, textX, y, { width: textWidth, align: 'center', lineBreak: false });
    y += titleSize * 1.3;
    const subSize = Math.max(7, maxTitle * 0.4);
    // The handling instruction wraps onto a second line rather than being cut.
    useFontFor(doc, subtitle);
    doc.fontSize(subSize);
    const subHeight = Math.min(doc.heightOfString(subtitle, { width: textWidth }), subSize * 2.6);
    doc.text(subtitle, textX, y, { width: textWidth, height: subHeight, align: 'center', ellipsis: true });
    y += subHeight + subSize * 0.5;
    if (request.kind === 'heavy' && request.weightKg) {
      doc.font('Helvetica-Bold').fontSize(maxTitle).text(`${request.weightKg} kg`, textX, y, { width: textWidth, align: 'center', lineBreak: false });
      y += maxTitle * 1.2;
    }
    if (request.merchantName) {
      let nameSize = Math.max(8, maxTitle * (request.kind === 'merchant' ? 0.7 : 0.4));
      useFontFor(doc, request.merchantName, true);
      doc.fontSize(nameSize);
      while (nameSize > 8 && doc.widthOfString(request.merchantName) > textWidth) doc.fontSize(--nameSize);
      doc.text(fit(doc, request.merchantName, textWidth), textX, y, { width: textWidth, align: 'center', lineBreak: false });
      y += nameSize * 1.4;
    }
    if (request.kind === 'pallet') {
      // A field to write the pallet's number and count by hand.
      doc
        .save()
        .lineWidth(1)
        .moveTo(textX + textWidth * 0.15, y + 24)
        .lineTo(textX + textWidth * 0.85, y + 24)
        .stroke()
        .restore();
    }
  }
  return { fellBack };
}
