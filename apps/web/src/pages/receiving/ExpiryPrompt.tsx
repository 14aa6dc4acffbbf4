import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseExpiry, todayIso } from './expiry-date.js';
import { beep } from '../../components/scan/scan-feedback.js';

interface Props {
  code: string;
  /** The date last given for this item, offered again: Enter takes it for the next box of the same lot. */
  initial: string;
  onDone(expiry: string): void;
  onCancel(): void;
}

/**
 * The best-before date of an expiry-tracked item (issue 5 §2), typed or scanned: `2027-03-31`,
 * `31.03.2027` and the like; Enter sends the scan. A date already past is sent too (expired goods
 * are received, then handled) but said here first.
 */
export function ExpiryPrompt({ code, initial, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const parsed = parseExpiry(value);

  const confirm = (text: string) => {
    const date = parseExpiry(text);
    if (!date) {
      beep('error');
      return setError(t('receiving.expiryInvalid', { value: text.trim() }));
    }
    onDone(date);
  };

  return (
    <Modal
      open
      title={t('receiving.expiryTitle', { code })}
      onCancel={onCancel}
      onOk={() => confirm(value)}
      okText={t('receiving.send')}
      okButtonProps={{ disabled: !value.trim() }}
      destroyOnHidden
      data-testid="expiry-prompt"
    >
      <Typography.Paragraph>{t('receiving.expiryHint')}</Typography.Paragraph>
      <Input
        size="large"
        autoFocus
        autoComplete="off"
        placeholder="2027-03-31 / 31.03.2027"
        value={value}
        status={error ? 'error' : undefined}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        onPressEnter={(e) => confirm(e.currentTarget.value)}
        data-testid="expiry-input"
      />
      <div className="rcv-expiry-note" data-testid="expiry-note">
        {error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : parsed && parsed < todayIso() ? (
          <Typography.Text type="warning">{t('receiving.expiryPast', { date: parsed })}</Typography.Text>
        ) : parsed ? (
          <Typography.Text type="secondary">{t('receiving.expiryReads', { date: parsed })}</Typography.Text>
        ) : null}
      </div>
    </Modal>
  );
}
