import { InputNumber } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './parcel-measure.css';

/** A parcel as the scale and the tape measured it: kg and cm, each null until given. */
export interface Measure {
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}

export const NO_MEASURE: Measure = { weight: null, length: null, width: null, height: null };

/** The parcel fields of a pack body: the weight, and the dimensions once all three are given. */
export function parcelOf(m: Measure) {
  const dimensions = m.length !== null && m.width !== null && m.height !== null ? { length: m.length, width: m.width, height: m.height } : null;
  return { weight: m.weight, dimensions };
}

interface Props {
  value: Measure;
  onChange(next: Measure): void;
  /** Enter in the last field: the station hands the focus back to its scan field. */
  onDone?(): void;
  /** Marks the fields the order's carrier or merchant needs. */
  weightNeeded?: boolean;
  dimensionsNeeded?: boolean;
  disabled?: boolean;
  testId: string;
}

const FIELDS = ['weight', 'length', 'width', 'height'] as const;

/**
 * Weight and dimensions of the parcel at a packing station (issue 18 item 7). Keyboard first: a USB
 * scale types the weight and Enter, which moves to length, width, height; Enter in the last field goes
 * back to the scan field. Empty fields are "not measured".
 */
export function ParcelMeasure({ value, onChange, onDone, weightNeeded, dimensionsNeeded, disabled, testId }: Props) {
  const { t } = useTranslation();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const next = (index: number) => {
    const field = refs.current[index + 1];
    if (field) {
      field.focus();
      field.select();
    } else onDone?.();
  };
  return (
    <div className="parcel-measure" data-testid={testId}>
      {FIELDS.map((field, index) => {
        const needed = field === 'weight' ? weightNeeded : dimensionsNeeded;
        return (
          <label key={field} className={`parcel-measure-field${needed ? ' parcel-measure-needed' : ''}`}>
            <span>
              {t(`packing.measure.${field}`)}
              {needed ? ' *' : ''}
            </span>
            <InputNumber
              ref={(el) => {
                refs.current[index] = el as HTMLInputElement | null;
              }}
              min={field === 'weight' ? 0.001 : 0.1}
              max={field === 'weight' ? 1000 : 1000}
              step={field === 'weight' ? 0.01 : 1}
              inputMode="decimal"
              disabled={disabled}
              value={value[field]}
              onChange={(v) => onChange({ ...value, [field]: typeof v === 'number' ? v : null })}
              onPressEnter={() => next(index)}
              data-testid={`${testId}-${field}`}
            />
          </label>
        );
      })}
    </div>
  );
}
