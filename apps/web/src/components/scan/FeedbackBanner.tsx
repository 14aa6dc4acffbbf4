import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import type { Feedback, Tone } from './scan-feedback.js';

const ICONS: Record<Tone, React.ReactNode> = {
  success: <CheckCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
};

/** The outcome of the last scan in a colour readable from a metre away, with its one follow-up. */
export function FeedbackBanner({ feedback, testId }: { feedback: Feedback | null; testId: string }) {
  if (!feedback) return null;
  return (
    <div className={`rcv-feedback rcv-feedback-${feedback.tone}`} role="status" aria-live="polite" data-testid={testId} data-tone={feedback.tone}>
      <span className="rcv-feedback-icon">{ICONS[feedback.tone]}</span>
      <span className="rcv-feedback-text">{feedback.text}</span>
      {feedback.action && (
        <Button size="large" className="rcv-feedback-action" onClick={feedback.action.run} data-testid={feedback.action.testId}>
          {feedback.action.label}
        </Button>
      )}
    </div>
  );
}
