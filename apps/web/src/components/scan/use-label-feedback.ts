import type { PackLabel } from '@kontor/contracts/domains/packing-responses';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../api/static-url.js';
import type { Feedback } from './scan-feedback.js';

/** Opens a label's PDF in a new tab (no print station took it). */
export const openLabel = (url: string) => window.open(staticUrl(url), '_blank', 'noopener');

/** The first tracking number of a label's bundle (one per line). */
export const firstTracking = (label: PackLabel) => label.shipBundle.split('\n')[0] ?? '';

export interface LabelFeedbackTexts {
  /** The station's text keys: `<texts>.labelMissing`, `.labelReady`, `.openLabel` and the printed one. */
  texts: string;
  /** The key (under `texts`) that says the label went to the print station. */
  printed: 'labelled' | 'printed';
  /** The test id of the banner's "open label" action. */
  testId: string;
}

/**
 * Tells the packer how a packed order's label went, the same at every pack station: missing (with the
 * carrier's reason), printed on the print station, or ready as a PDF to open (no print station online).
 */
export function useLabelFeedback(show: (feedback: Feedback) => void, { texts, printed, testId }: LabelFeedbackTexts) {
  const { t } = useTranslation();
  return (unid: string, label: PackLabel) => {
    const tracking = firstTracking(label);
    if (!label.complete) {
      const reason = label.errorCode ? t(`error.${label.errorCode}`, { defaultValue: label.errorCode }) : '';
      return show({ tone: 'warning', text: t(`${texts}.labelMissing`, { unid, reason }) });
    }
    if (label.printed) return show({ tone: 'success', text: t(`${texts}.${printed}`, { unid, tracking }) });
    const url = label.labelUrl;
    show({
      tone: 'success',
      text: t(`${texts}.labelReady`, { unid, tracking }),
      ...(url ? { action: { label: t(`${texts}.openLabel`), run: () => openLabel(url), testId } } : {}),
    });
  };
}
