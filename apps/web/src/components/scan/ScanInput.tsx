import { ScanOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

/** A wedge scanner repeats a code when its trigger bounces; the same code this soon is not a new scan. */
const REPEAT_MS = 300;
/** A scanner types a key every few milliseconds; a person rarely faster than this between keys. */
const TYPED_KEY_MS = 35;

/** How a code came in: typed or pasted by hand (`manual`), or from a scanner's burst of keys. */
export interface ScanHow {
  manual: boolean;
}

/** GS1 group separators and other control characters a scanner may send along (facts §9): dropped. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
/**
 * Tabs and line breaks part the numbers of a pasted list (a spreadsheet's row or column): they become
 * a space, so "A<tab>B" is two numbers, never the one number "AB" that no parcel has.
 */
const SPACING = /[\t\n\v\f\r]+/g;

interface Props {
  placeholder: string;
  onScan(code: string, how: ScanHow): void;
  /** A dialog owns the keyboard (serial or batch capture): the field lets go of the focus meanwhile. */
  paused?: boolean;
  disabled?: boolean;
  testId: string;
  /** Lets a neighbouring field hand the focus back once its value is typed (Enter). */
  ref?: Ref<{ focus(): void }>;
}

/** Whether focus went somewhere the operator types into on purpose (quantity, batch, a dialog). */
function typingElsewhere(element: Element | null): boolean {
  if (!element || element === document.body) return false;
  if (element.closest('[role="dialog"]')) return true;
  if (element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && element.isContentEditable)) return true;
  return element instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(element.type);
}

// When the operator last clicked or tapped: focus a click leaves on a button goes back to the scan
// field, while focus moved there by Tab stays, so the buttons remain reachable by keyboard.
let lastPointer = 0;
if (typeof document !== 'undefined') document.addEventListener('pointerdown', () => (lastPointer = Date.now()), true);

/** Whether the focus, now on `element`, should return to the scan field. */
function shouldReclaim(element: Element | null): boolean {
  if (!element || element === document.body) return true;
  return !typingElsewhere(element) && Date.now() - lastPointer < 1000;
}

/**
 * The one field of a scanning screen (issue 6 §3): a keyboard-wedge scanner types the code and
 * Enter ends it. The field takes the focus back whenever it goes nowhere useful (a button or the
 * page), so the next scan is never typed into the void.
 */
export function ScanInput({ placeholder, onScan, paused, disabled, testId, ref: handle }: Props) {
  const [value, setValue] = useState('');
  const ref = useRef<InputRef>(null);
  useImperativeHandle(handle, () => ({ focus: () => ref.current?.focus() }), []);
  const last = useRef({ code: '', at: 0 });
  // The keys of the code being typed: their times tell a scanner from a person (the double-scan rule).
  const keys = useRef({ first: 0, last: 0, count: 0, pasted: false, length: 0 });

  useEffect(() => {
    if (!paused && !disabled) ref.current?.focus();
  }, [paused, disabled]);

  // The field's own text, not the state: a fast scanner's keys may come before React re-renders.
  const submit = (text: string) => {
    const code = text.replace(CONTROL, '').replace(SPACING, ' ').trim();
    const typed = keys.current;
    keys.current = { first: 0, last: 0, count: 0, pasted: false, length: 0 };
    setValue('');
    if (!code) return;
    const now = Date.now();
    if (code === last.current.code && now - last.current.at < REPEAT_MS) return;
    last.current = { code, at: now };
    const slow = typed.count > 1 && (typed.last - typed.first) / (typed.count - 1) > TYPED_KEY_MS;
    onScan(code, { manual: typed.pasted || slow });
  };

  const change = (next: string) => {
    const typed = keys.current;
    const now = Date.now();
    // More than one character in one change: pasted or filled in, not keyed by a scanner. The length
    // is kept here, not read from the state, which a fast scanner's keys may overtake.
    if (next.length - typed.length > 1) typed.pasted = true;
    else if (next.length > typed.length) {
      if (typed.count === 0) typed.first = now;
      typed.last = now;
      typed.count += 1;
    }
    typed.length = next.length;
    setValue(next);
  };

  // Also after a dialog closes and hands the focus back to the button that opened it.
  useEffect(() => {
    if (paused || disabled) return;
    const reclaim = () =>
      setTimeout(() => {
        const input = ref.current?.input;
        // A cached, hidden tab's field (not laid out) leaves the focus to the visible screen.
        if (input && input.offsetParent !== null && document.activeElement !== input && shouldReclaim(document.activeElement))
          input.focus({ preventScroll: true });
      }, 0);
    document.addEventListener('focusin', reclaim);
    const input = ref.current?.input;
    input?.addEventListener('blur', reclaim);
    return () => {
      document.removeEventListener('focusin', reclaim);
      input?.removeEventListener('blur', reclaim);
    };
  }, [paused, disabled]);

  return (
    <Input
      ref={ref}
      size="large"
      className="rcv-scan-input"
      prefix={<ScanOutlined />}
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint="enter"
      onChange={(e) => change(e.target.value)}
      onPressEnter={(e) => submit(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}
