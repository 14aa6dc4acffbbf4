import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The new key, shown this once with a copy button. */
export function NewKeyModal({ shown, onClose }: { shown: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shown !== null}
      title={t('gate.keyTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ ...({ 'data-testid': 'gate-key-done' } as Record<string, string>) }}
    >
      <Alert type="warning" showIcon title={t('gate.keyShownOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable code data-testid="gate-key-value" style={{ wordBreak: 'break-all' }}>
        {shown}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('gate.apiHint', { url: `${location.origin}/v0/gate/shipments` })}</Typography.Paragraph>
    </Modal>
  );
}
