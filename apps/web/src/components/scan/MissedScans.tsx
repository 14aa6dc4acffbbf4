import { Alert, Button } from 'antd';

interface Props {
  codes: string[];
  /** The screen's words: "not taken, scan again: {{codes}}". */
  text: string;
  dismiss: string;
  onDismiss(): void;
  testId: string;
}

/** The codes refused while a scan was in flight, until each is scanned again (see `useScanTurn`). */
export function MissedScans({ codes, text, dismiss, onDismiss, testId }: Props) {
  if (codes.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="rcv-missed"
      message={text}
      data-testid={testId}
      action={
        <Button size="small" onClick={onDismiss} data-testid={`${testId}-dismiss`}>
          {dismiss}
        </Button>
      }
    />
  );
}
